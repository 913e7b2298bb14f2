import { PageHeader } from '@web/components/page-header';
import { OutboxList } from '@web/features/outbox/components/outbox-list';

export function OutboxPage() {
  return (
    <>
      <PageHeader
        title="Outbox"
        subtitle="Emails and events queued for delivery. Without SMTP configured, messages are stored here to read."
      />
      <OutboxList />
    </>
  );
}
