import { can } from '@domain/auth/permissions';
import LockOutlined from '@mui/icons-material/LockOutlined';
import ToggleOffOutlined from '@mui/icons-material/ToggleOffOutlined';
import Button from '@mui/material/Button';
import { EmptyState } from '@web/components/empty-state';
import { principalOf, useSession } from '@web/features/auth/api/session';
import { useFeatureFlags } from '@web/features/flags/api/feature-flags';
import type { ReactNode } from 'react';
import { Link as RouterLink, useMatches } from 'react-router';
import { handleOf } from '../router/route-handle';

/**
 * Explains, instead of showing a broken screen, when the role may not use a route (DESIGN §4:
 * the UI hides what the role cannot do; someone may still follow a pasted link).
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const principal = principalOf(useSession());
  const flags = useFeatureFlags();
  const handles = matches.map(handleOf).filter((h) => h !== undefined);

  const back = (
    <Button component={RouterLink} to="/" variant="contained">
      Go to the dashboard
    </Button>
  );

  if (handles.some((h) => h.action && !can(principal, h.action))) {
    return (
      <EmptyState
        size="full"
        pageTitle
        icon={<LockOutlined />}
        title="You do not have access to this screen"
        description="Your role does not include it. Ask a leader if you need it for your work."
        actions={back}
      />
    );
  }

  const flag = handles.find((h) => h.flag)?.flag;
  if (flag) {
    if (flags.isPending) return null;
    const enabled = flags.data?.data.some((f) => f.name === flag && f.enabled) ?? false;
    if (!enabled) {
      return (
        <EmptyState
          size="full"
          pageTitle
          icon={<ToggleOffOutlined />}
          title="This screen is switched off"
          description={`The “${flag}” feature flag is off in this environment.`}
          actions={back}
        />
      );
    }
  }
  return children;
}
