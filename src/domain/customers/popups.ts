// Popups order (spec 1 §4): open popups already opened come first, then open popups not yet
// opened (by opening date), then popups of any other status. The spec orders only the second
// group; the first is also by opening date (the longest-running first) and the rest, being history,
// newest first. Ties fall back to the id so the order is stable.

export interface OrderablePopup {
  id: number;
  status: string;
  /** ISO timestamp or null (an open popup without a date has not opened). */
  openingDate: string | null;
}

const time = (iso: string | null): number | null => {
  if (!iso) return null;
  const t = new Date(iso).getTime();
  return Number.isNaN(t) ? null : t;
};

/** 0 open and opened, 1 open and not yet opened, 2 anything else. */
export function popupGroup(popup: OrderablePopup, now: Date): 0 | 1 | 2 {
  if (popup.status !== 'open') return 2;
  const opening = time(popup.openingDate);
  return opening != null && opening <= now.getTime() ? 0 : 1;
}

export function orderPopups<T extends OrderablePopup>(popups: readonly T[], now: Date = new Date()): T[] {
  return [...popups].sort((a, b) => {
    const ga = popupGroup(a, now);
    const gb = popupGroup(b, now);
    if (ga !== gb) return ga - gb;
    const ta = time(a.openingDate) ?? Number.POSITIVE_INFINITY;
    const tb = time(b.openingDate) ?? Number.POSITIVE_INFINITY;
    if (ta !== tb) return ga === 2 ? tb - ta : ta - tb;
    return a.id - b.id;
  });
}
