import ArrowBack from '@mui/icons-material/ArrowBack';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Button from '@mui/material/Button';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { Link as RouterLink, useMatches } from 'react-router';
import { currentHandle } from '../router/route-handle';

/** Every route of the route table exists; screens that come with later work say so honestly. */
export function UpcomingPage() {
  const current = currentHandle(useMatches());
  const title = current?.handle.title ?? 'Screen';
  const params = current?.params ?? {};
  const parent = current?.handle.parent;
  const parentTo = parent && (typeof parent.to === 'function' ? parent.to(params) : parent.to);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={current?.handle.subject?.(params)}
        breadcrumbs={
          parent && parentTo ? [{ label: parent.label, to: parentTo }, { label: title }] : undefined
        }
      />
      <EmptyState
        size="full"
        icon={<ConstructionOutlined />}
        title="This screen is not available yet"
        description="It comes with a later release. Everything else in the back office works as usual."
        actions={
          <>
            {parent && parentTo && (
              <Button component={RouterLink} to={parentTo} startIcon={<ArrowBack />} variant="outlined">
                Back to {parent.label}
              </Button>
            )}
            <Button component={RouterLink} to="/" variant="contained">
              Go to the dashboard
            </Button>
          </>
        }
      />
    </>
  );
}
