import type { PromoRuleVersion } from '@domain/promos/history';
import { historyActionLabel } from '@domain/promos/history-words';
import { COLLECTION_LABELS, PROMO_COLLECTIONS, type PromoCollection } from '@domain/promos/tool-rules';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useAlert } from '@web/components/alert/alert-context';
import { DifferenceList } from '@web/components/audit-event';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { LoadError, Loading } from '@web/components/loading';
import { ApiError, errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useRestoreVersion, useRuleHistory } from '../api/promos';

// Rule history (spec 3 §2 Promo tool, ADR 012): every saved version of a rule, newest first, who saved it and when, as a
// diff from the version before it in the same collection, with "restore this version" into drafts.

type Filter = 'all' | PromoCollection;

export function RuleHistory({ name, mayRestore }: { name: string; mayRestore: boolean }) {
  const history = useRuleHistory(name);
  const restore = useRestoreVersion(name);
  const alert = useAlert();
  const [filter, setFilter] = useState<Filter>('all');
  const [restoring, setRestoring] = useState<PromoRuleVersion | null>(null);
  const [restored, setRestored] = useState(false);

  if (history.isPending) return <Loading label="Loading the rule history" page />;
  if (history.isError) {
    if (history.error instanceof ApiError && history.error.status === 404)
      return (
        <EmptyState
          icon={<HistoryOutlined />}
          title="No saved versions"
          description={`No rule named ${name} has been saved yet.`}
        />
      );
    return <LoadError error={history.error} />;
  }

  const versions = history.data.versions;
  const present = PROMO_COLLECTIONS.filter((c) => versions.some((v) => v.collection === c));
  const shown = filter === 'all' ? versions : versions.filter((v) => v.collection === filter);
  const ruleName = history.data.name;
  const editorLink = `/promos/editor/${encodeURIComponent(ruleName)}?collection=drafts`;

  return (
    <Stack spacing={2}>
      {restored && (
        <Alert severity="success" onClose={() => setRestored(false)}>
          The version is now the draft of {ruleName}.{' '}
          <Link component={RouterLink} to={editorLink}>
            Open the draft in the editor
          </Link>
        </Alert>
      )}
      {!mayRestore && <Alert severity="info">Restoring a version into drafts needs promoAccess.</Alert>}
      <Box sx={{ overflowX: 'auto' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={filter}
          onChange={(_e, next: Filter | null) => next && setFilter(next)}
          aria-label="Collection"
          // On the paper colour: the page background leaves unselected buttons short of contrast.
          sx={{ bgcolor: 'background.paper' }}
        >
          <ToggleButton value="all">All ({versions.length})</ToggleButton>
          {present.map((c) => (
            <ToggleButton key={c} value={c}>
              {COLLECTION_LABELS[c]} ({versions.filter((v) => v.collection === c).length})
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Versions">
        {shown.map((v) => (
          <li key={v.id}>
            <VersionCard
              version={v}
              mayRestore={mayRestore}
              onRestore={() => setRestoring(v)}
              previous={versions.find((p) => p.id === v.previousId)}
            />
          </li>
        ))}
      </Stack>
      <ConfirmDialog
        open={restoring !== null}
        title="Restore this version into drafts?"
        confirmLabel="Restore"
        pending={restore.isPending}
        onClose={() => setRestoring(null)}
        onConfirm={() =>
          restoring &&
          restore.mutate(
            { versionId: restoring.id },
            {
              onSuccess: (answer) => {
                alert.success(answer.message);
                setRestoring(null);
                setRestored(true);
              },
              onError: (error) => {
                alert.error(errorMessage(error, 'The version could not be restored.'));
                setRestoring(null);
              },
            },
          )
        }
      >
        {restoring &&
          `The ${COLLECTION_LABELS[restoring.collection].toLowerCase()} version saved ${formatDateTime(restoring.savedAt)} by ${restoring.savedBy} replaces the draft of ${ruleName} (the draft keeps its active switch and publish date). Nothing live changes until the draft is deployed.`}
      </ConfirmDialog>
    </Stack>
  );
}

function VersionCard({
  version: v,
  previous,
  mayRestore,
  onRestore,
}: {
  version: PromoRuleVersion;
  previous: PromoRuleVersion | undefined;
  mayRestore: boolean;
  onRestore: () => void;
}) {
  const when = formatDateTime(v.savedAt);
  const headingId = `version-${v.id}`;
  return (
    <Paper component="article" variant="outlined" sx={{ p: 2 }} aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id={headingId} variant="subtitle2" component="h2">
          {historyActionLabel(v.action)} · {when}
        </Typography>
        <Chip size="small" variant="outlined" label={COLLECTION_LABELS[v.collection]} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          by {v.savedBy}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {mayRestore && (
          <Button size="small" variant="outlined" onClick={onRestore} aria-describedby={headingId}>
            Restore this version
          </Button>
        )}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {previous
          ? `Compared with the version of ${formatDateTime(previous.savedAt)}`
          : `First version in ${COLLECTION_LABELS[v.collection].toLowerCase()}`}
      </Typography>
      {v.differences.length === 0 ? (
        <Typography variant="body2">No changes from the version before.</Typography>
      ) : previous ? (
        <DifferenceList differences={v.differences} />
      ) : (
        <Box component="details">
          <Box component="summary" sx={{ cursor: 'pointer' }}>
            <Typography component="span" variant="body2">
              Show the rule as first saved
            </Typography>
          </Box>
          <Box
            component="pre"
            sx={{ m: 0, mt: 1, p: 1, bgcolor: 'action.hover', overflowX: 'auto', fontSize: 13 }}
          >
            {JSON.stringify(v.rule, null, 2)}
          </Box>
        </Box>
      )}
    </Paper>
  );
}
