// Rule history in words (spec 3 §2 Promo tool, ADR 012): what each kind of saved version is called,
// and the restore answer. No schemas: the history screen loads this without zod (history.ts, which
// re-exports it, has the contracts).

export const HISTORY_ACTION_LABELS: Record<string, string> = {
  'promo.create': 'Created',
  'promo.update': 'Saved',
  'promo.deploy': 'Deployed',
  'promo.scheduledDeploy': 'Deployed on its publish date',
  'promo.bulkUpdate': 'Bulk edit',
  'promo.restore': 'Restored from history',
  'promo.onFile': 'On file before the history was kept',
};
export const historyActionLabel = (action: string) => HISTORY_ACTION_LABELS[action] ?? action;

/** Restore answer (not in spec 3 §8, which has no restore; worded like its save messages). */
export const RESTORE_MESSAGE = (name: string) => `Promo ${name} successfully restored to drafts`;
