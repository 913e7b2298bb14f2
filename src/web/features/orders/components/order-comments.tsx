import type { OrderDetail } from '@domain/orders/detail';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useState } from 'react';
import { orderCalls, useOrderOperation } from '../api/orders';

/** spec 2 §3 Comment (description, name, date, status), newest first, with an add form. */
export function OrderComments({ order, canEdit }: { order: OrderDetail; canEdit: boolean }) {
  const operation = useOrderOperation(order.id);
  const alert = useAlert();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setProblem('Comment is required');
    setProblem(null);
    operation.mutate(orderCalls.comment(order.id, text.trim()), {
      onSuccess: (answer) => {
        alert.success(answer.message);
        setText('');
      },
      onError: (error) => alert.error(errorMessage(error, 'Failed to add comment.')),
    });
  };
  return (
    <SectionCard title="Comments">
      {canEdit && (
        <Box
          component="form"
          onSubmit={submit}
          aria-label="Add comment"
          sx={{ display: 'grid', gap: 1, mb: 2 }}
        >
          <TextField
            label="New comment"
            multiline
            minRows={2}
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={Boolean(problem)}
            helperText={problem ?? undefined}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="submit" variant="outlined" loading={operation.isPending}>
              Add comment
            </Button>
          </Box>
        </Box>
      )}
      {order.comments.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No comments yet.
        </Typography>
      ) : (
        <Box
          component="ol"
          aria-label="Comments"
          tabIndex={0}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, maxHeight: 360, overflowY: 'auto' }}
        >
          {order.comments.map((c) => (
            <Box
              component="li"
              key={c.id}
              sx={{ borderLeft: 3, borderColor: c.status ? 'warning.main' : 'divider', pl: 1.5 }}
            >
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {c.description}
              </Typography>
              <Typography
                variant="caption"
                component="div"
                sx={{
                  color: 'text.secondary',
                  display: 'flex',
                  gap: 1,
                  alignItems: 'center',
                  flexWrap: 'wrap',
                }}
              >
                {c.name} · {formatDateTime(c.date)}
                {c.status && <Chip size="small" label={c.status} variant="outlined" />}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
