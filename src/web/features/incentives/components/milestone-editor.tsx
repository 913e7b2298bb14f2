import {
  type Milestone,
  type MilestoneItem,
  MilestoneValuesUpdate,
  milestoneLabel,
} from '@domain/incentives';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FormTextField } from '@web/components/form/form-text-field';
import { useZodForm } from '@web/components/form/use-zod-form';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useState } from 'react';
import { z } from 'zod';
import { useUpdateMilestone } from '../api/incentives';

// A milestone's values (spec 3 §2 Milestones screen): requirements and rewards, edited as
// numbers with the same checks as the server, saved after a confirmation that lists the changes.

/** An item as the form holds it: the value as typed. */
const TextItem = z.looseObject({ id: z.number(), typeId: z.number(), name: z.string(), value: z.string() });
type TextItem = z.infer<typeof TextItem>;
const numbered = (items: TextItem[]) =>
  items.map((item) => {
    const raw = item.value.trim();
    return { ...item, value: raw === '' ? Number.NaN : Number(raw) };
  });

/** The form's values, read as the request the server takes (`milestoneValuesUpdate`, spec 3 §7). */
const MilestoneValuesForm = z
  .object({
    name: z.string(),
    requirements: z.array(TextItem),
    rewards: z.object({ participantRewards: z.array(TextItem), enrollerRewards: z.array(TextItem) }),
  })
  .transform(
    (v): z.input<typeof MilestoneValuesUpdate> => ({
      name: v.name as MilestoneValuesUpdate['name'],
      requirements: numbered(v.requirements),
      rewards: {
        participantRewards: numbered(v.rewards.participantRewards),
        enrollerRewards: numbered(v.rewards.enrollerRewards),
      },
    }),
  )
  .pipe(MilestoneValuesUpdate);
type Values = z.input<typeof MilestoneValuesForm>;

type Group = 'requirements' | 'participantRewards' | 'enrollerRewards';
const GROUPS = [
  {
    key: 'requirements',
    title: 'Participant requirements',
    field: (i: number) => `requirements.${i}.value` as const,
  },
  {
    key: 'participantRewards',
    title: 'Participant rewards',
    field: (i: number) => `rewards.participantRewards.${i}.value` as const,
  },
  {
    key: 'enrollerRewards',
    title: 'Enroller rewards',
    field: (i: number) => `rewards.enrollerRewards.${i}.value` as const,
  },
] as const satisfies { key: Group; title: string; field: (i: number) => string }[];

const itemsOf = (m: Milestone): Record<Group, MilestoneItem[]> => ({
  requirements: m.participantRequirements,
  participantRewards: m.participantRewards,
  enrollerRewards: m.enrollerRewards,
});
const asText = (items: MilestoneItem[]): TextItem[] =>
  items.map((item) => ({ ...item, value: String(item.value) }));
const valuesOf = (m: Milestone): Values => ({
  name: m.name,
  requirements: asText(m.participantRequirements),
  rewards: { participantRewards: asText(m.participantRewards), enrollerRewards: asText(m.enrollerRewards) },
});

const unit = (group: Group) => (group === 'requirements' ? '' : ' ($)');

export function MilestoneEditor({ milestone }: { milestone: Milestone }) {
  const alert = useAlert();
  const update = useUpdateMilestone();
  const saved = itemsOf(milestone);
  const [confirm, setConfirm] = useState<{ values: MilestoneValuesUpdate; changes: string[] } | null>(null);
  // Follows the milestone as the server answers it: a saved change comes back as the new values.
  const { control, handleSubmit, reset, getValues, formState } = useZodForm(MilestoneValuesForm, {
    values: valuesOf(milestone),
  });

  const submit = handleSubmit((request) => {
    const values: Record<Group, MilestoneItem[]> = {
      requirements: request.requirements,
      ...request.rewards,
    };
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
    setConfirm({ values: request, changes });
  });

  const save = () => {
    if (!confirm) return;
    update.mutate(confirm.values, {
      onSuccess: (r) => {
        alert.success(r.message ?? 'Saved.');
        reset(getValues());
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
        {GROUPS.map(({ key, title, field }) => (
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
              {saved[key].map((item, i) => (
                <FormTextField
                  key={item.id}
                  control={control}
                  name={field(i)}
                  label={`${item.name}${unit(key)}`}
                  helperText=" "
                  size="small"
                  // The input keeps its short name (group.index) whatever the form calls the field.
                  slotProps={{ htmlInput: { inputMode: 'decimal', name: `${key}.${i}` } }}
                />
              ))}
            </Box>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mt: 2 }}>
        <Button type="submit" variant="contained" loading={update.isPending}>
          Save values
        </Button>
        <Button type="button" onClick={() => reset()} disabled={!formState.isDirty}>
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
