import type { OrderDetail } from '@domain/orders/detail';
import { useAlert } from '@web/components/alert/alert-context';
import { AddCommentForm, CommentList } from '@web/components/comments';
import { SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { orderCalls, useOrderOperation } from '../api/orders';

/** spec 2 §3 Comment (description, name, date, status), newest first, with an add form. */
export function OrderComments({ order, canEdit }: { order: OrderDetail; canEdit: boolean }) {
  const operation = useOrderOperation(order.id);
  const alert = useAlert();
  const add = (text: string, reset: () => void) =>
    operation.mutate(orderCalls.comment(order.id, text), {
      onSuccess: (answer) => {
        alert.success(answer.message);
        reset();
      },
      onError: (error) => alert.error(errorMessage(error, 'Failed to add comment.')),
    });
  return (
    <SectionCard title="Comments">
      {canEdit && <AddCommentForm pending={operation.isPending} onAdd={add} maxLength={2000} />}
      <CommentList comments={order.comments} highlight={(c) => Boolean(c.status)} />
    </SectionCard>
  );
}
