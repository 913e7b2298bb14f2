import { ORDER_STATE, orderStateName } from '@domain/reference/lists';

// One colour per order state, so the chart and the "today" breakdown read the same way:
// greens for goods on their way, warm tones for orders needing attention, grey for cancelled.
const STATE_COLORS: Record<number, string> = {
  [ORDER_STATE.processing]: '#3A6EA5',
  [ORDER_STATE.reviewed]: '#6C5CA8',
  [ORDER_STATE.captured]: '#2E8B8B',
  [ORDER_STATE.printed]: '#8C7A5B',
  [ORDER_STATE.shipped]: '#2E7D5B',
  [ORDER_STATE.pendingReview]: '#C98A1B',
  [ORDER_STATE.cancelled]: '#9E9E9E',
  [ORDER_STATE.holding]: '#B8694A',
  [ORDER_STATE.partiallyShipped]: '#7FB08F',
  [ORDER_STATE.cancelledPaid]: '#B3261E',
};
const FALLBACK = ['#7A3E65', '#A8719A', '#5B8E7D', '#D9A089'];

/** The dashboard keys states by id ("5") or by name ("Shipped"); both resolve to a name and colour. */
export function describeState(key: string, index = 0): { id: number | null; name: string; color: string } {
  const id = Number(key);
  if (Number.isInteger(id) && orderStateName(id)) {
    return {
      id,
      name: orderStateName(id) ?? key,
      color: STATE_COLORS[id] ?? FALLBACK[index % FALLBACK.length]!,
    };
  }
  return { id: null, name: key, color: FALLBACK[index % FALLBACK.length]! };
}

export function stateColor(id: number, index = 0): string {
  return STATE_COLORS[id] ?? FALLBACK[index % FALLBACK.length]!;
}
