import type { RecentActivity } from '@domain/platform/dashboard';

// One line per change: what happened to whom, then who did it. The subject leads and the actor
// follows "by", so "Robin Lee deactivated · by Sam Patel" cannot be read as Sam being deactivated.

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

/** The record a change is about, by name where it has one. */
export function subjectOf(activity: RecentActivity): string {
  const { collection, entityId, subjectName } = activity;
  switch (collection) {
    case 'staff-log':
      return subjectName ?? 'A staff user';
    case 'account-log':
      return subjectName ?? `Customer ${entityId}`;
    case 'orders-log':
      // Named by the number staff read, never by the internal document id.
      return subjectName ? `Order ${subjectName}` : 'An order';
    case 'flags-log':
      return `Feature flag ${entityId}`;
    default:
      return subjectName ?? `${collection} ${entityId}`;
  }
}

/** Actions that read as "<subject> <past tense>". */
const PAST_TENSE: Record<string, string> = {
  create: 'created',
  update: 'updated',
  activate: 'activated',
  deactivate: 'deactivated',
  delete: 'deleted',
};

/** Actions whose subject is the object of a sentence. */
const PHRASES: Record<string, (subject: string) => string> = {
  'staff.passwordLink': (s) => `Password link sent to ${s}`,
  'password.set': (s) => `Password chosen by ${s}`,
  'password.reset': (s) => `Password reset for ${s}`,
  'email.update': (s) => `Sign-in email changed for ${s}`,
  'flag.set': (s) => `${s} switched`,
};

/** The first line: what happened, and to whom. */
export function describeChange(activity: RecentActivity): string {
  const subject = subjectOf(activity);
  const phrase = PHRASES[activity.action];
  if (phrase) return phrase(subject);
  const verb = PAST_TENSE[activity.action.split('.').at(-1) ?? ''];
  return verb ? `${subject} ${verb}` : `${subject} · ${humanizeAction(activity.action)}`;
}

/** The actor, always after "by". */
export function actorOf(activity: RecentActivity): string {
  return `by ${activity.changedByName ?? activity.changedBy}`;
}
