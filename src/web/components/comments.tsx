import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@web/lib/format';
import { type FormEvent, useState } from 'react';
import { growingText } from './form/growing-text';

// Comments on a record (spec 1 §2 customer comments, spec 2 §3 order Comment): the add form and
// the list, newest first as the server sends them.

export interface CommentItem {
  id: number | string;
  description: string;
  name: string;
  date: string;
  status?: string | null;
  /** Written by the system rather than a staff member. */
  system?: boolean;
}

/** A multiline comment with its required check; `onAdd` gets the trimmed text and a reset to call on success. */
export function AddCommentForm({
  pending,
  onAdd,
  maxLength,
}: {
  pending: boolean;
  onAdd: (text: string, reset: () => void) => void;
  maxLength?: number;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setProblem('Comment is required');
    setProblem(null);
    onAdd(text.trim(), () => setText(''));
  };
  return (
    <Box component="form" onSubmit={submit} aria-label="Add comment" sx={{ display: 'grid', gap: 1, mb: 2 }}>
      <TextField
        label="New comment"
        {...growingText(maxLength ? { maxLength } : {})}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={Boolean(problem)}
        helperText={problem ?? undefined}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="outlined" loading={pending}>
          Add comment
        </Button>
      </Box>
    </Box>
  );
}

/** The comments, each with who and when; `highlight` marks the ones to set apart (a warning edge). */
export function CommentList({
  comments,
  highlight,
}: {
  comments: readonly CommentItem[];
  highlight: (comment: CommentItem) => boolean;
}) {
  if (comments.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No comments yet.
      </Typography>
    );
  return (
    <Box
      component="ol"
      aria-label="Comments"
      tabIndex={0}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, maxHeight: 360, overflowY: 'auto' }}
    >
      {comments.map((c) => (
        <Box
          component="li"
          key={c.id}
          sx={{ borderLeft: 3, borderColor: highlight(c) ? 'warning.main' : 'divider', pl: 1.5 }}
        >
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {c.description}
          </Typography>
          <Typography
            variant="caption"
            component="div"
            sx={{ color: 'text.secondary', display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
          >
            {c.name} · {formatDateTime(c.date)}
            {c.system && <Chip size="small" label="System" variant="outlined" />}
            {c.status && <Chip size="small" label={c.status} variant="outlined" />}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
