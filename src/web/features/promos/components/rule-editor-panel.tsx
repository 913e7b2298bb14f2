import type { PromoIssue, PromoRuleRecord } from '@domain/promos/tool';
import { COLLECTION_LABELS } from '@domain/promos/tool-rules';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Loading } from '@web/components/loading';
import { chunkLoader, lazyOr } from '@web/lib/chunk-load';
import { type Dispatch, Suspense, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { PacificTimeField } from './pacific-time-field';
import type { PromoEditor, PromoEditorAction } from './promo-editor';
import { RuleJson } from './rule-json';

export { preloadJsonEditor } from './rule-json';

// What a delayed deploy will publish comes with a rule that has one scheduled (most have none).
const ScheduledDeploy = lazyOr(
  chunkLoader(() => import('./scheduled-deploy').then((m) => m.ScheduledDeploy)),
  () => <Alert severity="error">The scheduled deploy did not load. Reload the page to try again.</Alert>,
);

interface RuleEditorPanelProps {
  editor: PromoEditor;
  dispatch: Dispatch<PromoEditorAction>;
  /** Known tags to pick from. */
  tagOptions: string[];
  mayDeploy: boolean;
  validate: (value: unknown) => PromoIssue[];
  onSave: () => void;
  saving: boolean;
  /** Why saving or deploying is refused, said before any work is done (DESIGN §4). */
  saveRefusal: string | null;
  deployRefusal: string | null;
  onDeploy: () => void;
  /** The delayed-deploy switch was flipped: the state it asks to take. */
  onDelayedSwitch: (on: boolean) => void;
  onRescheduled: (record: PromoRuleRecord, message: string) => void;
  /** The JSON editor is asked for: the rule's checks come with it. */
  onJsonWanted: () => void;
}

/** The rule being created or edited (spec 3 §4): JSON, window, tags, delayed deploy, save and deploy. */
export function RuleEditorPanel({
  editor,
  dispatch,
  tagOptions,
  mayDeploy,
  validate,
  onSave,
  saving,
  saveRefusal,
  deployRefusal,
  onDeploy,
  onDelayedSwitch,
  onRescheduled,
  onJsonWanted,
}: RuleEditorPanelProps) {
  const reasonId = useId();
  const { mode, collection, text, errors, errorsFor, wholeDays, start, end, tags, delayed, publishAt } =
    editor;
  const current = editor.selected[0];
  const readOnly = collection === 'production';
  const edit = (patch: Extract<PromoEditorAction, { type: 'edit' }>['patch']) =>
    dispatch({ type: 'edit', patch });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="rule-title">
      <Typography id="rule-title" variant="h6" component="h2" gutterBottom>
        {mode === 'create' ? 'New rule' : `Rule ${current?.name ?? ''}`}
      </Typography>
      <RuleJson
        label="Rule JSON"
        value={text}
        onChange={(value) => edit({ text: value })}
        validate={validate}
        issues={errorsFor === text ? errors : undefined}
        readOnly={readOnly}
        // A new rule is written at once; a refused one has errors to mark on their lines.
        wanted={mode === 'create' || errors.length > 0}
        onWanted={onJsonWanted}
      />
      {errors.length > 0 && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          <Typography sx={{ fontWeight: 600 }}>The rule was not saved:</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {errors.map((e) => (
              <li key={`${e.path}:${e.message}`}>{e.message}</li>
            ))}
          </Box>
        </Alert>
      )}
      <FormControlLabel
        sx={{ mt: 2 }}
        control={
          <Switch
            checked={wholeDays}
            disabled={readOnly}
            onChange={(e) => dispatch({ type: 'wholeDays', on: e.target.checked })}
          />
        }
        label="Whole days (12:00a to 11:59p Pacific)"
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 1 }}>
        <PacificTimeField
          label="Start"
          seconds={start}
          onChange={(seconds) => edit({ start: seconds })}
          wholeDay={wholeDays ? 'start' : undefined}
          emptyText="Starts at once"
          disabled={readOnly}
        />
        <PacificTimeField
          label="End"
          seconds={end}
          onChange={(seconds) => edit({ end: seconds })}
          wholeDay={wholeDays ? 'end' : undefined}
          emptyText="No end"
          disabled={readOnly}
        />
        <Autocomplete
          multiple
          freeSolo
          size="small"
          options={tagOptions}
          value={tags}
          onChange={(_e, v) => edit({ tags: v.map((t) => t.trim().toUpperCase()).filter(Boolean) })}
          renderValue={(value, getItemProps) =>
            value.map((option, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} size="small" label={option} {...itemProps} />;
            })
          }
          renderInput={(params) => <TextField {...params} label="Tags" />}
          sx={{ flex: 1, minWidth: 200 }}
          disabled={readOnly}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1, alignItems: { sm: 'center' } }}>
        <FormControlLabel
          control={
            <Switch
              checked={delayed}
              onChange={(e) => onDelayedSwitch(e.target.checked)}
              disabled={readOnly || !mayDeploy}
            />
          }
          label="Delayed deploy"
        />
        {delayed && (
          <PacificTimeField
            label="Publish at"
            seconds={publishAt}
            onChange={(seconds) => edit({ publishAt: seconds })}
            emptyText="When to deploy it to production"
            note="deployed to production then, as saved now (active is not set)"
          />
        )}
        {!mayDeploy && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Delayed deploy, switching rules on and deploying need junoAccess.
          </Typography>
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
        <Button
          variant="contained"
          onClick={onSave}
          disabled={readOnly || saveRefusal !== null || saving}
          aria-describedby={saveRefusal || deployRefusal ? reasonId : undefined}
        >
          {saving ? 'Saving…' : `Save to ${COLLECTION_LABELS[collection].toLowerCase()}`}
        </Button>
        {mode === 'edit' && current && current.collection !== 'production' && (
          <Button variant="outlined" disabled={!mayDeploy} onClick={onDeploy}>
            Deploy to production
          </Button>
        )}
        {mode === 'edit' && current && (
          <Button
            component={RouterLink}
            to={`/promos/history/${encodeURIComponent(current.name)}`}
            startIcon={<HistoryOutlined />}
          >
            History
          </Button>
        )}
      </Stack>
      {current?.scheduled && (
        <Suspense fallback={<Loading label="Loading the scheduled deploy" />}>
          <ScheduledDeploy record={current} mayDeploy={mayDeploy} onRescheduled={onRescheduled} />
        </Suspense>
      )}
      {(saveRefusal || deployRefusal) && (
        <Typography id={reasonId} variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          {[saveRefusal, deployRefusal].filter(Boolean).join(' ')}
        </Typography>
      )}
    </Paper>
  );
}
