import { mayWriteAny, PROMO_ACCESS_REASONS, type PromoAccess, whyNotSave } from '@domain/promos/access';
import {
  isDayEdge,
  pacificDateValue,
  pacificLabel,
  secondsFromPacificDate,
} from '@domain/promos/pacific-time';
import {
  COLLECTION_LABELS,
  compileStored,
  defaultTimestamps,
  type EDITABLE_COLLECTIONS,
  engineToStored,
  type FirestoreSeconds,
  findRuleByName,
  PROMO_COLLECTIONS,
  type PromoCollection,
  type PromoIssue,
  type PromoRuleRecord,
} from '@domain/promos/tool';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAllRules, useDeployRule, usePromoTags, useSaveRule } from '../api/promos';
import { BulkEdit } from './bulk-edit';
import { PacificTimeField } from './pacific-time-field';
import { ScheduledDeploy } from './scheduled-deploy';
import { Simulator } from './simulator';

// CodeMirror loads with the rule editor, when a rule is opened, not with the tool (ADR 034).
const JsonEditor = lazy(() => import('./json-editor').then((m) => ({ default: m.JsonEditor })));

// The promo tool (spec 3 §2, §4): modes None / Create Promo / Edit Promo / Bulk Edit, rule picker,
// JSON editor, collection picker, timestamps, tags, delayed deploy, simulator and bulk update.

type Mode = 'none' | 'create' | 'edit' | 'bulk';
const MODES: { value: Mode; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'create', label: 'Create Promo' },
  { value: 'edit', label: 'Edit Promo' },
  { value: 'bulk', label: 'Bulk Edit' },
];

/** Create starts an empty rule: inactive, no priority, stop off (spec 3 §4). */
const EMPTY_RULE_TEXT = JSON.stringify({ name: '', id: 0, active: false, stop: false }, null, 2);

const secondsOf = (s: FirestoreSeconds | undefined) => (s ? s._seconds : null);
/** A rule's window is in whole days when it starts at 12:00a and ends at 11:59p Pacific (or never). */
const inWholeDays = (start: number | null, end: number | null) =>
  (start === null || isDayEdge(start, 'start')) && (end === null || isDayEdge(end, 'end'));

export function PromoTool({
  promoName,
  collectionHint,
  access,
  simulateOnServer,
}: {
  promoName?: string;
  collectionHint?: string;
  /** What the staff member may save where (DESIGN §4); the server checks it again. */
  access: PromoAccess;
  /** Flag promoToolCartApi: the simulator prices through the server, else in the browser. */
  simulateOnServer: boolean;
}) {
  const mayDeploy = access.production;
  const mayWrite = mayWriteAny(access);
  const rules = useAllRules();
  const tagList = usePromoTags();
  const save = useSaveRule();
  const deploy = useDeployRule();
  const alert = useAlert();

  const [mode, setMode] = useState<Mode>('none');
  const [collection, setCollection] = useState<PromoCollection>('drafts');
  const [selected, setSelected] = useState<PromoRuleRecord[]>([]);
  const [text, setText] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [start, setStart] = useState<number | null>(null);
  const [end, setEnd] = useState<number | null>(null);
  /** Business promos run whole days, 12:00a to 11:59p Pacific (spec 3 §4): pick days, not times. */
  const [wholeDays, setWholeDays] = useState(true);
  const [delayed, setDelayed] = useState(false);
  /** The delayed-deploy switch asks first (spec 3 §4: a confirm toggle): the state it would take. */
  const [confirmDelay, setConfirmDelay] = useState<boolean | null>(null);
  const [publishAt, setPublishAt] = useState<number | null>(null);
  const [errors, setErrors] = useState<PromoIssue[]>([]);
  /** The text the server's errors are about: they are shown on its lines while it is unchanged. */
  const [errorsFor, setErrorsFor] = useState<string | null>(null);
  const [deploying, setDeploying] = useState(false);
  const [deployActive, setDeployActive] = useState(false);

  const inCollection = useMemo(
    () => (rules.data ?? []).filter((r) => r.collection === collection),
    [rules.data, collection],
  );
  const readOnly = collection === 'production';
  const reasonId = useId();

  const clearEditor = () => {
    setSelected([]);
    setText('');
    setTags([]);
    setStart(null);
    setEnd(null);
    setWholeDays(true);
    setDelayed(false);
    setPublishAt(null);
    setErrors([]);
  };

  /** Choosing a mode clears the selection (spec 3 §4). */
  const chooseMode = (next: Mode) => {
    setMode(next);
    clearEditor();
    if (next === 'create') {
      setText(EMPTY_RULE_TEXT);
      setStart(secondsOf(defaultTimestamps(new Date()).start));
      if (collection === 'production') setCollection('drafts');
    }
  };

  /** Edit loads a rule by name with its timestamps and publishToProd (spec 3 §4). */
  const loadRule = (r: PromoRuleRecord) => {
    const { timestamps: _window, ...rest } = r.rule;
    setSelected([r]);
    setText(JSON.stringify(rest, null, 2));
    setTags(r.tags);
    const ruleWindow = r.rule.timestamps as { start?: number; end?: number } | undefined;
    const from = secondsOf(r.timestamps.start) ?? (ruleWindow?.start ? ruleWindow.start : null);
    const to = secondsOf(r.timestamps.end);
    setStart(from);
    setEnd(to);
    setWholeDays(inWholeDays(from, to));
    const publish = '_seconds' in r.publishToProd ? (r.publishToProd as FirestoreSeconds) : undefined;
    setDelayed(Boolean(publish));
    setPublishAt(secondsOf(publish));
    setErrors([]);
  };

  // The populated-name flow: /promos/editor/{promoName} picks an active or pending rule by
  // case-insensitive name (or the collection the list linked from) and switches to edit mode.
  const populated = useRef(false);
  const [notFound, setNotFound] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the rules arrive
  useEffect(() => {
    if (!promoName || populated.current || !rules.data) return;
    populated.current = true;
    const hinted = PROMO_COLLECTIONS.find((c) => c === collectionHint);
    const match = hinted
      ? rules.data.find((r) => r.collection === hinted && r.name.toLowerCase() === promoName.toLowerCase())
      : findRuleByName(rules.data, promoName);
    if (!match) {
      setNotFound(promoName);
      return;
    }
    setMode('edit');
    setCollection(match.collection);
    loadRule(match);
  }, [promoName, collectionHint, rules.data]);

  const timestamps = (): Record<string, FirestoreSeconds> => ({
    ...(start !== null ? { start: { _seconds: start } } : {}),
    ...(end !== null ? { end: { _seconds: end } } : {}),
  });
  const storedOf = (value: unknown) =>
    engineToStored((value ?? {}) as Record<string, unknown>, {
      tags,
      timestamps: timestamps(),
      publishToProd: delayed && publishAt !== null ? { _seconds: publishAt } : null,
    });
  const validate = (value: unknown): PromoIssue[] =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? compileStored(storedOf(value)).errors
      : [{ path: '', message: 'A rule is a JSON object' }];

  const draft = (() => {
    if (mode !== 'create' && mode !== 'edit') return null;
    try {
      const stored = storedOf(JSON.parse(text));
      return compileStored(stored).rule ? stored : null;
    } catch {
      return null;
    }
  })();

  const onSave = () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      alert.error('The rule is not valid JSON.');
      return;
    }
    const issues = validate(parsed);
    if (issues.length > 0) {
      setErrors(issues);
      setErrorsFor(text);
      alert.error(issues.length === 1 ? issues[0]!.message : `The rule has ${issues.length} errors`);
      return;
    }
    save.mutate(
      { collection: collection as (typeof EDITABLE_COLLECTIONS)[number], rule: storedOf(parsed) },
      {
        onSuccess: (answer) => {
          setErrors([]);
          alert.success(answer.message);
          setMode('edit');
          loadRule(answer.data);
        },
        onError: (error) => {
          // Spec 3 §5: the errors are kept for display, the message is shown as an alert.
          setErrors(error instanceof ApiError ? error.issues : []);
          setErrorsFor(text);
          alert.error(errorMessage(error, 'The rule could not be saved.'));
        },
      },
    );
  };

  const current = selected[0];
  // Said before any work is done, beside the buttons (the server's answer stays 'Insufficient Permissions').
  const saveRefusal = readOnly ? null : whyNotSave(access, collection);
  const deployRefusal =
    mode === 'edit' && current && current.collection !== 'production' && !mayDeploy
      ? PROMO_ACCESS_REASONS.production
      : null;
  const editing = mode === 'create' || (mode === 'edit' && current);

  return (
    <Stack spacing={2}>
      {notFound && (
        <Alert severity="warning" onClose={() => setNotFound(null)}>
          No active or pending rule is named {notFound}.
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Box sx={{ overflowX: 'auto' }}>
            <ToggleButtonGroup
              exclusive
              value={mode}
              onChange={(_e, next: Mode | null) => next && chooseMode(next)}
              aria-label="Editor mode"
              size="small"
              sx={{ flexWrap: 'wrap' }}
            >
              {MODES.map((m) => (
                <ToggleButton
                  key={m.value}
                  value={m.value}
                  sx={{ whiteSpace: 'nowrap' }}
                  // Creating and bulk-editing only make sense for someone who may save the result.
                  disabled={!mayWrite && (m.value === 'create' || m.value === 'bulk')}
                >
                  {m.label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Box>
          {!mayWrite && (
            <Alert severity="info">
              You can read, simulate and compare rules. Creating, editing and bulk-editing them needs
              promoAccess; deploying needs junoAccess.
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              size="small"
              label="Collection"
              value={collection}
              onChange={(e) => {
                setCollection(e.target.value as PromoCollection);
                if (mode !== 'create') clearEditor();
              }}
              sx={{ minWidth: 180 }}
              helperText={readOnly ? 'Production is read-only' : ' '}
            >
              {PROMO_COLLECTIONS.filter((c) => mode !== 'create' || c !== 'production').map((c) => (
                <MenuItem key={c} value={c}>
                  {COLLECTION_LABELS[c]}
                </MenuItem>
              ))}
            </TextField>
            {(mode === 'edit' || mode === 'bulk') &&
              (rules.isPending ? (
                <Skeleton variant="rounded" height={40} sx={{ flex: 1 }} />
              ) : mode === 'edit' ? (
                <Autocomplete
                  sx={{ flex: 1, minWidth: 220 }}
                  size="small"
                  options={inCollection}
                  value={current ?? null}
                  getOptionLabel={(r) => r.name}
                  isOptionEqualToValue={(a, b) => a.name === b.name && a.collection === b.collection}
                  onChange={(_e, r) => (r ? loadRule(r) : clearEditor())}
                  renderInput={(params) => <TextField {...params} label="Rule" />}
                />
              ) : (
                <Autocomplete
                  multiple
                  sx={{ flex: 1, minWidth: 220 }}
                  size="small"
                  options={inCollection}
                  value={selected}
                  getOptionLabel={(r) => r.name}
                  isOptionEqualToValue={(a, b) => a.name === b.name && a.collection === b.collection}
                  onChange={(_e, rs) => setSelected(rs)}
                  renderInput={(params) => <TextField {...params} label="Rules" />}
                />
              ))}
          </Stack>
          <Box>
            <Typography variant="subtitle2" component="h2">
              Selected promos
            </Typography>
            <List dense aria-label="Selected promos" sx={{ py: 0 }}>
              {selected.length === 0 ? (
                <ListItem sx={{ px: 0 }}>None</ListItem>
              ) : (
                selected.map((r) => (
                  <ListItem key={`${r.collection}/${r.name}`} sx={{ px: 0 }}>
                    {r.name} ({r.collection})
                  </ListItem>
                ))
              )}
            </List>
          </Box>
        </Stack>
      </Paper>

      {editing && (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="rule-title">
          <Typography id="rule-title" variant="h6" component="h2" gutterBottom>
            {mode === 'create' ? 'New rule' : `Rule ${current?.name ?? ''}`}
          </Typography>
          <Suspense fallback={<CircularProgress size={24} aria-label="Loading the rule editor" />}>
            <JsonEditor
              label="Rule JSON"
              value={text}
              onChange={setText}
              validate={validate}
              issues={errorsFor === text ? errors : undefined}
              readOnly={readOnly}
            />
          </Suspense>
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
                onChange={(e) => {
                  const on = e.target.checked;
                  setWholeDays(on);
                  // Whole days start at 12:00a and end at 11:59p Pacific on the days already picked.
                  if (on && start !== null)
                    setStart(secondsFromPacificDate(pacificDateValue(start), 'start'));
                  if (on && end !== null) setEnd(secondsFromPacificDate(pacificDateValue(end), 'end'));
                }}
              />
            }
            label="Whole days (12:00a to 11:59p Pacific)"
          />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 1 }}>
            <PacificTimeField
              label="Start"
              seconds={start}
              onChange={setStart}
              wholeDay={wholeDays ? 'start' : undefined}
              emptyText="Starts at once"
              disabled={readOnly}
            />
            <PacificTimeField
              label="End"
              seconds={end}
              onChange={setEnd}
              wholeDay={wholeDays ? 'end' : undefined}
              emptyText="No end"
              disabled={readOnly}
            />
            <Autocomplete
              multiple
              freeSolo
              size="small"
              options={tagList.data ?? []}
              value={tags}
              onChange={(_e, v) => setTags(v.map((t) => t.trim().toUpperCase()).filter(Boolean))}
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
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ mt: 1, alignItems: { sm: 'center' } }}
          >
            <FormControlLabel
              control={
                <Switch
                  checked={delayed}
                  onChange={(e) => setConfirmDelay(e.target.checked)}
                  disabled={readOnly || !mayDeploy}
                />
              }
              label="Delayed deploy"
            />
            {delayed && (
              <PacificTimeField
                label="Publish at"
                seconds={publishAt}
                onChange={setPublishAt}
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
              disabled={readOnly || saveRefusal !== null || save.isPending}
              aria-describedby={saveRefusal || deployRefusal ? reasonId : undefined}
            >
              {save.isPending ? 'Saving…' : `Save to ${COLLECTION_LABELS[collection].toLowerCase()}`}
            </Button>
            {mode === 'edit' && current && current.collection !== 'production' && (
              <Button variant="outlined" disabled={!mayDeploy} onClick={() => setDeploying(true)}>
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
            <ScheduledDeploy
              record={current}
              mayDeploy={mayDeploy}
              onRescheduled={(record, message) => {
                alert.success(message);
                setSelected([record]);
                loadRule(record);
              }}
            />
          )}
          {(saveRefusal || deployRefusal) && (
            <Typography id={reasonId} variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
              {[saveRefusal, deployRefusal].filter(Boolean).join(' ')}
            </Typography>
          )}
        </Paper>
      )}

      {mode === 'bulk' && (
        <BulkEdit rules={selected.map((r) => ({ collection: r.collection, name: r.name }))} />
      )}

      <Simulator collection={collection} draft={draft} onServer={simulateOnServer} />

      <ConfirmDialog
        open={confirmDelay !== null}
        title={confirmDelay ? 'Turn on delayed deploy?' : 'Turn off delayed deploy?'}
        confirmLabel={confirmDelay ? 'Turn on' : 'Turn off'}
        onClose={() => setConfirmDelay(null)}
        onConfirm={() => {
          setDelayed(Boolean(confirmDelay));
          // Switching delayed deploy off clears the publish date (spec 3 §4).
          if (!confirmDelay) setPublishAt(null);
          setConfirmDelay(null);
        }}
      >
        {confirmDelay
          ? 'The rule is deployed to production at the publish date you set, as it is when you save it: later changes go live only if the deploy is re-scheduled.'
          : `The publish date${publishAt !== null ? ` (${pacificLabel(publishAt)})` : ''} is cleared: the rule is no longer deployed at a set time.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={deploying}
        title={`Deploy ${current?.name ?? ''} to production?`}
        confirmLabel={deployActive ? 'Deploy and set active' : 'Deploy'}
        pending={deploy.isPending}
        onClose={() => setDeploying(false)}
        onConfirm={() =>
          current &&
          deploy.mutate(
            {
              collection: current.collection as 'drafts' | 'pending' | 'active',
              rule: { name: current.name },
              active: deployActive,
            },
            {
              onSuccess: (answer) => {
                alert.success(answer.message);
                setDeploying(false);
              },
              onError: (error) => {
                alert.error(errorMessage(error, 'The rule could not be deployed.'));
                setDeploying(false);
              },
            },
          )
        }
      >
        The rule replaces the production rule of the same name.{' '}
        {deployActive
          ? 'It is also put in the active collection switched on: carts price with it at once.'
          : 'Carts price with the active rules only: switch on "Also set active" to have them price with it now, or set it active later.'}
        <FormControlLabel
          sx={{ display: 'flex', mt: 1 }}
          control={<Switch checked={deployActive} onChange={(e) => setDeployActive(e.target.checked)} />}
          label="Also set active"
        />
      </ConfirmDialog>
    </Stack>
  );
}
