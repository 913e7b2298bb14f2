import { ORDER_CHANNELS } from '@domain/reference';

const byName = new Map<string, number>(ORDER_CHANNELS.map((c) => [c.name.toLowerCase(), c.id]));

/**
 * Channels arrive as ids (the promo tool sends 4) or names (cart calls send 'WEB'); both map to the
 * order channel id when the name is known (spec 3 §9), otherwise to the upper-cased name.
 */
export function normalizeChannel(channel: string | number): string | number {
  if (typeof channel === 'number') return channel;
  const trimmed = channel.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return byName.get(trimmed.toLowerCase()) ?? trimmed.toUpperCase();
}
