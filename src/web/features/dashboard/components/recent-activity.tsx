import type { RecentActivity as Activity } from '@domain/platform/dashboard';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { EmptyState } from '@web/components/empty-state';
import { formatDateTime, formatRelativeTime } from '@web/lib/format';
import { Link as RouterLink } from 'react-router';

/** Where each audit collection's entity is looked at (spec 1 §3 account-log, spec 2 orders-log). */
function linkFor(activity: Activity): { to: string; noun: string } | null {
  switch (activity.collection) {
    case 'account-log':
      return {
        to: `/customers/${encodeURIComponent(activity.entityId)}/detail`,
        noun: `customer ${activity.entityId}`,
      };
    case 'orders-log':
      return {
        to: `/orders/${encodeURIComponent(activity.entityId)}/info`,
        noun: `order ${activity.entityId}`,
      };
    case 'staff-log':
      return { to: '/administrators', noun: 'staff user' };
    default:
      return null;
  }
}

/** Audit actions are codes ("password.set", "roleChanged"); show them as words ("Password set"). */
export function humanizeAction(action: string): string {
  const words = action
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[.\s_-]+/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function ActivityText({ activity }: { activity: Activity }) {
  const link = linkFor(activity);
  const who = activity.changedByName ?? activity.changedBy;
  const what = link?.noun ?? `${activity.collection} ${activity.entityId}`;
  const changes = activity.changes === 1 ? '1 change' : `${activity.changes} changes`;
  return (
    <ListItemText
      primary={
        <>
          <strong>{humanizeAction(activity.action)}</strong> · {what}
        </>
      }
      secondary={
        <>
          {who} ·{' '}
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
            <ListItemButton component={RouterLink} to={link.to} sx={{ borderRadius: 1 }}>
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
