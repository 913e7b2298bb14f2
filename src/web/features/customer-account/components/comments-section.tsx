import { ACCOUNT_MESSAGES } from '@domain/accounts/messages';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { SectionCard } from '@web/components/section-card';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useState } from 'react';
import { useAddComment, useComments } from '../api/account';

/** Comments list with add (spec 1 §2 Customer detail); failure: "Failed to add comment." */
export function CommentsSection({ uid, canEdit }: { uid: string; canEdit: boolean }) {
  const comments = useComments(uid);
  const add = useAddComment(uid);
  const alert = useAlert();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setProblem('Comment is required');
    setProblem(null);
    add.mutate(
      { description: text.trim() },
      {
        onSuccess: (answer) => {
          alert.success(answer.message);
          setText('');
        },
        onError: (error) => alert.error(errorMessage(error, ACCOUNT_MESSAGES.commentFailed)),
      },
    );
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
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button type="submit" variant="outlined" loading={add.isPending}>
              Add comment
            </Button>
          </Box>
        </Box>
      )}
      {comments.isPending ? (
        <Skeleton variant="rounded" height={64} />
      ) : comments.isError ? (
        <Typography color="error">{errorMessage(comments.error, 'Comments could not be loaded.')}</Typography>
      ) : comments.data.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No comments yet.
        </Typography>
      ) : (
        <Box
          component="ol"
          aria-label="Comments"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, maxHeight: 360, overflowY: 'auto' }}
          tabIndex={0}
        >
          {comments.data.map((c) => (
            <Box
              component="li"
              key={c.id}
              sx={{ borderLeft: 3, borderColor: c.system ? 'warning.main' : 'divider', pl: 1.5 }}
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
                {c.system && <Chip size="small" label="System" variant="outlined" />}
                {c.status && <Chip size="small" label={c.status} variant="outlined" />}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
