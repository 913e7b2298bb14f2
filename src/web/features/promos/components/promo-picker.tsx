import type { PromoRuleRecord } from '@domain/promos/tool';
import { COLLECTION_LABELS, PROMO_COLLECTIONS } from '@domain/promos/tool-rules';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { Placeholder } from '@web/components/placeholder';
import { chunkLoader, lazyOr, preloader } from '@web/lib/chunk-load';
import { type Dispatch, memo, Suspense } from 'react';
import { MODES, type Mode, type PromoEditor, type PromoEditorAction } from './promo-editor';

const loadRuleAutocomplete = chunkLoader(() => import('./rule-autocomplete'));
/** The rule picker starts loading as the tool's modes are pointed at or focused (ADR 049). */
export const preloadRulePicker = preloader(loadRuleAutocomplete);
function RulePickerUnavailable() {
  return <Alert severity="error">The rule picker did not load. Reload the page to try again.</Alert>;
}
const RuleAutocomplete = lazyOr(
  () => loadRuleAutocomplete().then((m) => m.RuleAutocomplete),
  RulePickerUnavailable,
);
// Grows along a row; in a column (a phone) it keeps its height, as the picker has.
const pickerPlaceholder = <Placeholder height={40} sx={{ flexGrow: 1 }} />;

interface PromoPickerProps {
  editor: PromoEditor;
  dispatch: Dispatch<PromoEditorAction>;
  /** The staff member may save somewhere (promoAccess): Create and Bulk Edit are offered. */
  mayWrite: boolean;
  rulesPending: boolean;
  /** The rules of the chosen collection. */
  inCollection: PromoRuleRecord[];
}

/**
 * The promo tool's mode, collection and rule picker, and the selected-promo list (spec 3 §2, §4).
 * Memoised: the tool renders again with answers that do not change the list (ADR 049).
 */
export const PromoPicker = memo(function PromoPicker({
  editor,
  dispatch,
  mayWrite,
  rulesPending,
  inCollection,
}: PromoPickerProps) {
  const { mode, collection, selected } = editor;
  const current = selected[0];
  const readOnly = collection === 'production';
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Box sx={{ overflowX: 'auto' }}>
          <ToggleButtonGroup
            exclusive
            value={mode}
            onChange={(_e, next: Mode | null) =>
              next && dispatch({ type: 'mode', mode: next, now: new Date() })
            }
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
            onChange={(e) =>
              dispatch({ type: 'collection', collection: e.target.value as PromoEditor['collection'] })
            }
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
            (rulesPending ? (
              pickerPlaceholder
            ) : (
              <Suspense fallback={pickerPlaceholder}>
                {mode === 'edit' ? (
                  <RuleAutocomplete
                    multiple={false}
                    options={inCollection}
                    value={current ?? null}
                    onChange={(r) => dispatch(r ? { type: 'load', record: r } : { type: 'clear' })}
                  />
                ) : (
                  <RuleAutocomplete
                    multiple
                    options={inCollection}
                    value={selected}
                    onChange={(rs) => dispatch({ type: 'select', selected: rs })}
                  />
                )}
              </Suspense>
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
  );
});
