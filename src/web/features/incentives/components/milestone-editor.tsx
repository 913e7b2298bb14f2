import {
  type Milestone,
  type MilestoneItem,
  MilestoneValuesUpdate,
  milestoneLabel,
} from '@domain/incentives';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { type FormEvent, useState } from 'react';
import { useUpdateMilestone } from '../api/incentives';

// A milestone's values (spec 3 §2 Milestones screen): requirements and rewards, edited as
// numbers with the same checks as the server, saved after a confirmation that lists the changes.

type Group = 'requirements' | 'participantRewards' | 'enrollerRewards';
const GROUPS: { key: Group; title: string }[] = [
  { key: 'requirements', title: 'Participant requirements' },
  { key: 'participantRewards', title: 'Participant rewards' },
  { key: 'enrollerRewards', title: 'Enroller rewards' },
];

type Values = Record<Group, MilestoneItem[]>;
const itemsOf = (m: Milestone): Values => ({
  requirements: m.participantRequirements,
  participantRewards: m.participantRewards,
  enrollerRewards: m.enrollerRewards,
});

const unit = (group: Group) => (group === 'requirements' ? '' : ' ($)');

export function MilestoneEditor({ milestone }: { milestone: Milestone }) {
  const alert = useAlert();
  const update = useUpdateMilestone();
  const saved = itemsOf(milestone);
  const [text, setText] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState<{ values: MilestoneValuesUpdate; changes: string[] } | null>(null);
  const field = (group: Group, i: number) => `${group}.${i}`;
  const shown = (group: Group, i: number, item: MilestoneItem) => text[field(group, i)] ?? String(item.value);

  const read = (): Values =>
    Object.fromEntries(
      GROUPS.map(({ key }) => [
        key,
        saved[key].map((item, i) => {
          const raw = shown(key, i, item).trim();
          return { ...item, value: raw === '' ? Number.NaN : Number(raw) };
        }),
      ]),
    ) as Values;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = read();
    const request = {
      name: milestone.name,
      requirements: values.requirements,
      rewards: { participantRewards: values.participantRewards, enrollerRewards: values.enrollerRewards },
    };
    const parsed = MilestoneValuesUpdate.safeParse(request);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [first, second, third] = issue.path;
        const key =
          first === 'rewards' ? `${String(second)}.${String(third)}` : `${String(first)}.${String(second)}`;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const changes = GROUPS.flatMap(({ key, title }) =>
      saved[key].flatMap((item, i) =>
        values[key][i]!.value === item.value
          ? []
          : [`${title}: ${item.name} ${item.value} → ${values[key][i]!.value}`],
      ),
    );
    if (changes.length === 0) {
      alert.show('Nothing changed.', 'info');
      return;
    }
    setConfirm({ values: parsed.data, changes });
  };

  const save = () => {
    if (!confirm) return;
    update.mutate(confirm.values, {
      onSuccess: (r) => {
        alert.success(r.message ?? 'Saved.');
        setText({});
        setConfirm(null);
      },
      onError: (error) => {
        alert.error(errorMessage(error));
        setConfirm(null);
      },
    });
  };

  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {GROUPS.map(({ key, title }) => (
          <Box key={key} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
              {title}
            </Typography>
            {saved[key].length === 0 && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                None
              </Typography>
            )}
            <Box sx={{ display: 'grid', gap: 2 }}>
              {saved[key].map((item, i) => {
                const id = field(key, i);
                return (
                  <TextField
                    key={item.id}
                    label={`${item.name}${unit(key)}`}
                    value={shown(key, i, item)}
                    onChange={(e) => setText((t) => ({ ...t, [id]: e.target.value }))}
                    error={Boolean(errors[id])}
                    helperText={errors[id] ?? ' '}
                    size="small"
                    slotProps={{ htmlInput: { inputMode: 'decimal', name: id } }}
                  />
                );
              })}
            </Box>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mt: 2 }}>
        <Button type="submit" variant="contained" loading={update.isPending}>
          Save values
        </Button>
        <Button
          type="button"
          onClick={() => {
            setText({});
            setErrors({});
          }}
          disabled={Object.keys(text).length === 0}
        >
          Reset
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Counting keys {milestone.countingKeyUs} and {milestone.countingKeyCa}. Last changed{' '}
          {formatDateTime(milestone.updatedAt)}
          {milestone.updatedBy ? ` by ${milestone.updatedBy}` : ''}. Changes count from the next counting run.
        </Typography>
      </Box>
      <ConfirmDialog
        open={confirm !== null}
        title={`Save ${milestoneLabel(milestone.name)}?`}
        confirmLabel="Save"
        pending={update.isPending}
        onConfirm={save}
        onClose={() => setConfirm(null)}
      >
        <Box component="ul" sx={{ pl: 2.5, my: 0 }}>
          {confirm?.changes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
        <Box sx={{ mt: 1 }}>The new values count from the next counting run.</Box>
      </ConfirmDialog>
    </Paper>
  );
}
