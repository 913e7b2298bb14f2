import type { Principal } from '@domain/auth/permissions';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { Placeholder } from '@web/components/placeholder';
import { errorMessage } from '@web/lib/api-client';
import { isDesktopTier, useLayoutTier } from '@web/lib/use-layout-tier';
import type { ReactNode } from 'react';
import { useStaffUsers } from '../api/administrators';
import { useStaffActions } from '../hooks/use-staff-actions';
import { useStaffFilters } from '../hooks/use-staff-filters';
import { useStaffSort } from '../hooks/use-staff-sort';
import { StaffCards } from './staff-cards';
import { StaffFilters } from './staff-filters';
import { StaffTable } from './staff-table';

/** /administrators: staff of both directories, filtered, sorted and managed in place. */
export function StaffList({
  currentUserId,
  granter,
}: {
  currentUserId: string | null;
  granter: Principal | null;
}) {
  const { filters, setFilters, query } = useStaffFilters();
  const staff = useStaffUsers(query);
  const users = staff.data?.data ?? [];
  const { sorted, sortKey, direction, sortBy } = useStaffSort(users);
  const { actions, deactivation } = useStaffActions(currentUserId, granter);
  // The table needs a computer's width; phones and tablets get cards.
  const compact = !isDesktopTier(useLayoutTier());
  const filtered = Boolean(filters.q || filters.role || filters.directory || filters.status !== 'all');

  let body: ReactNode;
  if (staff.isPending) {
    body = (
      <Stack spacing={1} sx={{ p: 2 }} role="status" aria-busy="true" aria-label="Loading staff">
        {[0, 1, 2, 3, 4].map((i) => (
          <Placeholder key={i} height={56} />
        ))}
      </Stack>
    );
  } else if (staff.isError) {
    body = (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={<Button onClick={() => staff.refetch()}>Try again</Button>}
      >
        {errorMessage(staff.error, 'The staff list could not be loaded.')}
      </Alert>
    );
  } else if (sorted.length === 0) {
    body = (
      <EmptyState
        icon={<PersonSearchOutlined />}
        title={filtered ? 'No staff match these filters' : 'No staff users yet'}
        description={filtered ? 'Try another name, or clear the filters.' : 'Create the first administrator.'}
        actions={
          filtered && (
            <Button onClick={() => setFilters({ q: '', role: '', directory: '', status: 'all' })}>
              Clear filters
            </Button>
          )
        }
      />
    );
  } else if (compact) {
    body = <StaffCards users={sorted} actions={actions} />;
  } else {
    body = (
      <StaffTable users={sorted} actions={actions} sortKey={sortKey} direction={direction} onSort={sortBy} />
    );
  }

  return (
    <Stack spacing={2}>
      <StaffFilters filters={filters} onChange={setFilters} />
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {!staff.isPending && !staff.isError && sorted.length > 0 && (
          <Typography variant="body2" role="status" sx={{ px: 2, pt: 1.5, pb: 0.5, color: 'text.secondary' }}>
            {sorted.length} staff user{sorted.length === 1 ? '' : 's'}
          </Typography>
        )}
        {body}
      </Paper>
      <ConfirmDialog
        open={deactivation.user !== null}
        title={`Deactivate ${deactivation.user?.name ?? ''}?`}
        confirmLabel="Deactivate"
        destructive
        pending={deactivation.pending}
        onConfirm={deactivation.confirm}
        onClose={deactivation.cancel}
      >
        They are signed out everywhere at once and can no longer sign in. You can activate the account again
        later.
      </ConfirmDialog>
    </Stack>
  );
}
