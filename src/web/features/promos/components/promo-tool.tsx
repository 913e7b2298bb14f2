import { mayWriteAny, PROMO_ACCESS_REASONS, type PromoAccess, whyNotSave } from '@domain/promos/access';
import type { PromoIssue } from '@domain/promos/tool';
import {
  type EDITABLE_COLLECTIONS,
  engineToStored,
  type FirestoreSeconds,
  findRuleByName,
  PROMO_COLLECTIONS,
} from '@domain/promos/tool-rules';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useAlert } from '@web/components/alert/alert-context';
import { Loading } from '@web/components/loading';
import { Placeholder } from '@web/components/placeholder';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { chunkLoader, lazyOr } from '@web/lib/chunk-load';
import {
  Suspense,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useAllRules, usePromoTags, useSaveRule } from '../api/promos';
import { loadRuleChecks, type RuleChecks, ruleChecks, useRuleChecks } from '../hooks/use-rule-checks';
import { INITIAL_EDITOR, promoEditor } from './promo-editor';
import { PromoPicker, preloadRulePicker } from './promo-picker';
import { DelayedDeployDialog, DeployDialog } from './promo-tool-dialogs';
import { Simulator } from './simulator';

// The rule editor and the bulk edit come when a rule is created or opened, or rules are chosen for
// a bulk edit, not with the tool (ADR 044: code loads on first use); an editor URL asks for the
// editor with the screen (router/areas/promos.ts).
export const loadRuleEditor = chunkLoader(() => import('./rule-editor-panel'));
const loadBulkEdit = chunkLoader(() => import('./bulk-edit'));
/** An editor URL's rule: the rule editor and the rule picker, as the screen comes. */
export const preloadOpenedRule = () => {
  loadRuleEditor().catch(() => undefined);
  preloadRulePicker();
};
/** The same and the JSON editor, as the picker is pointed at or focused (one load each, shared). */
const preloadEditor = () => {
  preloadOpenedRule();
  loadRuleEditor().then(
    (m) => m.preloadJsonEditor(),
    () => undefined,
  );
};
/** Where the rule editor comes: about its height, so that the simulator below does not move. */
function RuleEditorPlaceholder() {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="status" aria-label="Loading the rule editor">
      <Placeholder text width="60%" sx={{ typography: 'h6', mb: 1 }} />
      <Placeholder height={520} />
      <Placeholder height={240} sx={{ mt: 2 }} />
    </Paper>
  );
}
function PartUnavailable() {
  return (
    <Alert severity="error">This part of the promo tool did not load. Reload the page to try again.</Alert>
  );
}
const RuleEditorPanel = lazyOr(() => loadRuleEditor().then((m) => m.RuleEditorPanel), PartUnavailable);
const BulkEdit = lazyOr(() => loadBulkEdit().then((m) => m.BulkEdit), PartUnavailable);

// The promo tool (spec 3 §2, §4): modes None / Create Promo / Edit Promo / Bulk Edit, rule picker,
// JSON editor, collection picker, timestamps, tags, delayed deploy, simulator and bulk update.

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
  // The rules' answer renders the list: React renders it in the background, where it can slice the
  // work, rather than at once (ADR 039).
  const rules = useDeferredValue(useAllRules());
  const tagList = usePromoTags();
  const save = useSaveRule();
  const alert = useAlert();

  // An editor URL opens in Edit Promo, its rule's place kept from the first frame until the rule is
  // open (or known not to be there): the page does not move as it comes (ADR 050).
  const [editor, dispatch] = useReducer(promoEditor, promoName, (name) =>
    name === undefined ? INITIAL_EDITOR : { ...INITIAL_EDITOR, mode: 'edit' as const },
  );
  const [opening, setOpening] = useState(promoName !== undefined);
  const { mode, collection, selected, text, tags, start, end, delayed, publishAt } = editor;
  /** The delayed-deploy switch asks first (spec 3 §4: a confirm toggle): the state it would take. */
  const [confirmDelay, setConfirmDelay] = useState<boolean | null>(null);
  const [deploying, setDeploying] = useState(false);

  const inCollection = useMemo(
    () => (rules.data ?? []).filter((r) => r.collection === collection),
    [rules.data, collection],
  );
  const readOnly = collection === 'production';

  // The populated-name flow: /promos/editor/{promoName} picks an active or pending rule by
  // case-insensitive name (or the collection the list linked from) and switches to edit mode.
  const populated = useRef(false);
  const [notFound, setNotFound] = useState<string | null>(null);
  useEffect(() => {
    if (!promoName || populated.current || !rules.data) return;
    populated.current = true;
    const hinted = PROMO_COLLECTIONS.find((c) => c === collectionHint);
    const match = hinted
      ? rules.data.find((r) => r.collection === hinted && r.name.toLowerCase() === promoName.toLowerCase())
      : findRuleByName(rules.data, promoName);
    // The rule editor renders in the background, in slices (a transition): the rule's JSON, its
    // window and its tags are a frame of their own (ADR 050).
    startTransition(() => {
      if (match) dispatch({ type: 'open', record: match });
      else setNotFound(promoName);
      setOpening(false);
    });
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
  // The rule's checks come with the JSON editor (a new rule brings it at once; an opened one when
  // it is reached for, ADR 050) or with a save; until then no draft goes to the simulator, which
  // prices the rule as it is stored.
  const [checksWanted, setChecksWanted] = useState(false);
  const wantChecks = useCallback(() => setChecksWanted(true), []);
  const checks = useRuleChecks(mode === 'create' || checksWanted);
  const issuesOf = (value: unknown, loaded: RuleChecks | null): PromoIssue[] =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (loaded?.compileStored(storedOf(value)).errors ?? [])
      : [{ path: '', message: 'A rule is a JSON object' }];
  const validate = (value: unknown): PromoIssue[] => issuesOf(value, ruleChecks());

  const draft = (() => {
    if ((mode !== 'create' && mode !== 'edit') || !checks) return null;
    try {
      const stored = storedOf(JSON.parse(text));
      return checks.compileStored(stored).rule ? stored : null;
    } catch {
      return null;
    }
  })();

  /** A save waiting for the rule's checks to come: a second press does not send it twice. */
  const checking = useRef(false);
  const onSave = async () => {
    if (checking.current) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      alert.error('The rule is not valid JSON.');
      return;
    }
    checking.current = true;
    const loaded = await loadRuleChecks().catch(() => null);
    checking.current = false;
    const issues = issuesOf(parsed, loaded);
    if (issues.length > 0) {
      dispatch({ type: 'refused', errors: issues, text });
      alert.error(issues.length === 1 ? issues[0]!.message : `The rule has ${issues.length} errors`);
      return;
    }
    save.mutate(
      { collection: collection as (typeof EDITABLE_COLLECTIONS)[number], rule: storedOf(parsed) },
      {
        onSuccess: (answer) => {
          alert.success(answer.message);
          dispatch({ type: 'saved', record: answer.data });
        },
        onError: (error) => {
          // Spec 3 §5: the errors are kept for display, the message is shown as an alert.
          dispatch({ type: 'refused', errors: error instanceof ApiError ? error.issues : [], text });
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
  const ruleComing = opening && !rules.isError && mode === 'edit' && !current;

  return (
    <Stack spacing={2}>
      <Box onFocus={preloadEditor} onPointerEnter={preloadEditor}>
        <PromoPicker
          editor={editor}
          dispatch={dispatch}
          mayWrite={mayWrite}
          rulesPending={rules.isPending}
          inCollection={inCollection}
        />
      </Box>
      {ruleComing && <RuleEditorPlaceholder />}
      {/* Where the rule would have been: the picker above does not move. */}
      {notFound && (
        <Alert severity="warning" onClose={() => setNotFound(null)}>
          No active or pending rule is named {notFound}.
        </Alert>
      )}
      {editing && (
        <Suspense fallback={<RuleEditorPlaceholder />}>
          <RuleEditorPanel
            editor={editor}
            dispatch={dispatch}
            tagOptions={tagList.data ?? []}
            mayDeploy={mayDeploy}
            validate={validate}
            onSave={onSave}
            saving={save.isPending}
            saveRefusal={saveRefusal}
            deployRefusal={deployRefusal}
            onDeploy={() => setDeploying(true)}
            onDelayedSwitch={setConfirmDelay}
            onJsonWanted={wantChecks}
            onRescheduled={(record, message) => {
              alert.success(message);
              dispatch({ type: 'load', record });
            }}
          />
        </Suspense>
      )}
      {mode === 'bulk' && (
        <Suspense fallback={<Loading label="Loading the bulk edit" />}>
          <BulkEdit rules={selected.map((r) => ({ collection: r.collection, name: r.name }))} />
        </Suspense>
      )}
      <Simulator collection={collection} draft={draft} onServer={simulateOnServer} />
      <DelayedDeployDialog
        turnOn={confirmDelay}
        publishAt={publishAt}
        onClose={() => setConfirmDelay(null)}
        onConfirm={(on) => {
          dispatch({ type: 'delayed', on });
          setConfirmDelay(null);
        }}
      />
      <DeployDialog open={deploying} rule={current} onClose={() => setDeploying(false)} />
    </Stack>
  );
}
