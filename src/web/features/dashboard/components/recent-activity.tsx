import type { RecentActivity as Activity } from '@domain/platform/dashboard';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { EmptyState } from '@web/components/empty-state';
import { formatDateTime, formatRelativeTime } from '@web/lib/format';
import { Link as RouterLink } from 'react-router';
import { actorOf, describeChange } from './activity-wording';

/** Where each audit collection's entity is looked at (spec 1 §3 account-log, spec 2 orders-log). */
function linkFor(activity: Activity): string | null {
  switch (activity.collection) {
    case 'account-log':
      return `/customers/${encodeURIComponent(activity.entityId)}/detail`;
    case 'orders-log':
      return `/orders/${encodeURIComponent(activity.entityId)}/info`;
    case 'staff-log':
      return '/administrators';
    default:
      return null;
  }
}

function ActivityText({ activity }: { activity: Activity }) {
  const changes = activity.changes === 1 ? '1 change' : `${activity.changes} changes`;
  return (
    <ListItemText
      primary={<strong>{describeChange(activity)}</strong>}
      secondary={
        <>
          {actorOf(activity)} ·{' '}
          <time dateTime={activity.dateChangedUtc} title={formatDateTime(activity.dateChangedUtc)}>
            {formatRelativeTime(activity.dateChangedUtc)}
          </time>{' '}
          · {changes}
        </>
      }
      slotProps={{ primary: { sx: { fontSize: 14 } } }}
    />
  );
}

export function RecentActivity({ items }: { items: Activity[] }) {
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<HistoryOutlined />}
        title="No recent activity"
        description="Changes to customers, orders and staff appear here."
      />
    );
  }
  return (
    <List dense disablePadding aria-label="Recent activity">
      {items.map((activity) => {
        const link = linkFor(activity);
        // Each entry is a list item, with the link inside it (a list holds items, not links).
        return link ? (
          <ListItem key={activity.id} disablePadding>
            <ListItemButton component={RouterLink} to={link} sx={{ borderRadius: 1 }}>
              <ActivityText activity={activity} />
            </ListItemButton>
          </ListItem>
        ) : (
          <ListItem key={activity.id}>
            <ActivityText activity={activity} />
          </ListItem>
        );
      })}
    </List>
  );
}
