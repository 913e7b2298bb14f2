import { ACCOUNT_MESSAGES } from '@domain/accounts/messages';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { AddCommentForm, CommentList } from '@web/components/comments';
import { Placeholder } from '@web/components/placeholder';
import { SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { useAddComment, useComments } from '../api/account';

/** Comments list with add (spec 1 §2 Customer detail); failure: "Failed to add comment." */
export function CommentsSection({ uid, canEdit }: { uid: string; canEdit: boolean }) {
  const comments = useComments(uid);
  const add = useAddComment(uid);
  const alert = useAlert();
  const submit = (description: string, reset: () => void) =>
    add.mutate(
      { description },
      {
        onSuccess: (answer) => {
          alert.success(answer.message);
          reset();
        },
        onError: (error) => alert.error(errorMessage(error, ACCOUNT_MESSAGES.commentFailed)),
      },
    );

  return (
    <SectionCard title="Comments">
      {canEdit && <AddCommentForm pending={add.isPending} onAdd={submit} />}
      {comments.isPending ? (
        <Placeholder height={64} />
      ) : comments.isError ? (
        <Typography color="error">{errorMessage(comments.error, 'Comments could not be loaded.')}</Typography>
      ) : (
        <CommentList comments={comments.data} highlight={(c) => Boolean(c.system)} />
      )}
    </SectionCard>
  );
}
