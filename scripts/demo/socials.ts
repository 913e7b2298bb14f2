import { USER_TYPE } from '@domain/reference';
import { socials } from '@server/db/schema';
import type { GenContext } from './context';
import { hashUnit, STREAM } from './rng';
import { DAY, HOUR } from './time';

// Pop-up (social) events hosted by consultants (spec 1 §4 Popups order: open and already
// opened, open and not yet opened, then the rest). A consultant's popups are a pure function
// of the consultant, so the clients who shop at them can find them without a lookup table.

export type PopupPhase = 'opened' | 'upcoming' | 'closed' | 'cancelled';

export interface Popup {
  id: number;
  hostIdx: number;
  name: string;
  phase: PopupPhase;
  openingDate: Date;
  closingDate: Date;
}

const THEMES = [
  'Spring Glow',
  'Holiday Gifting',
  'Skincare 101',
  'Clean Beauty',
  'Summer Sun',
  'Self-Care Sunday',
  'Girls Night In',
  'Makeup Masterclass',
  'Wellness Brunch',
  'Back to School',
  'Mother’s Day',
];

/** Recently asked-for consultants' popups: a bounded cache, since clients cluster by consultant. */
const caches = new WeakMap<GenContext, Map<number, Popup[]>>();
const CACHE_LIMIT = 4096;

export function popupsOf(ctx: GenContext, consultantIdx: number): Popup[] {
  if (consultantIdx < 0) return [];
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new Map();
    caches.set(ctx, cache);
  }
  const cached = cache.get(consultantIdx);
  if (cached) return cached;
  const popups = derivePopups(ctx, consultantIdx);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as number);
  cache.set(consultantIdx, popups);
  return popups;
}

function derivePopups(ctx: GenContext, idx: number): Popup[] {
  if (hashUnit(ctx.seed, 80, idx) >= 0.45) return [];
  const enrolledAt = ctx.directory.enrolledAt(idx);
  const firstName = ctx.directory.personOf(idx).firstName;
  const rng = ctx.popupRng.reseed(STREAM.popups, idx);
  const now = ctx.clock.now.getTime();
  const count = rng.int(1, 5);
  const out: Popup[] = [];
  for (let k = 0; k < count; k++) {
    const last = k === count - 1;
    let phase: PopupPhase = last
      ? rng.weighted<PopupPhase>([
          ['opened', 35],
          ['upcoming', 20],
          ['closed', 45],
        ])
      : 'closed';
    if (phase === 'closed' && rng.chance(0.05)) phase = 'cancelled';
    let openingDate: Date;
    let closingDate: Date;
    if (phase === 'opened') {
      openingDate = new Date(Math.max(enrolledAt.getTime(), now - rng.int(1, 6 * 24) * HOUR));
      closingDate = new Date(now + rng.int(1, 7) * DAY);
    } else if (phase === 'upcoming') {
      openingDate = new Date(now + rng.int(1, 14) * DAY);
      closingDate = new Date(openingDate.getTime() + 7 * DAY);
    } else {
      const earliest = Math.max(enrolledAt.getTime(), now - 420 * DAY);
      const latest = now - 10 * DAY;
      if (latest <= earliest) continue;
      openingDate = new Date(earliest + rng.float() * (latest - earliest));
      closingDate = new Date(openingDate.getTime() + rng.int(3, 9) * DAY);
    }
    out.push({
      id: 100_000 + idx * 8 + k,
      hostIdx: idx,
      name: `${firstName}'s ${rng.pick(THEMES)} Pop-Up`,
      phase,
      openingDate,
      closingDate,
    });
  }
  return out;
}

/** Popup rows of a consultant; totals are filled from their orders once all orders exist. */
export function addPopups(
  ctx: GenContext,
  idx: number,
  uid: string,
  userType: number,
  enrolledAt: Date,
): Popup[] {
  if (userType !== USER_TYPE.consultant) return [];
  const popups = popupsOf(ctx, idx);
  for (const p of popups) {
    ctx.writer.add(socials, {
      id: p.id,
      uid,
      hostUid: uid,
      name: p.name,
      status: p.phase === 'opened' || p.phase === 'upcoming' ? 'open' : p.phase,
      openingDate: p.openingDate,
      closingDate: p.closingDate,
      createdAt: new Date(
        Math.max(enrolledAt.getTime(), Math.min(p.openingDate.getTime(), ctx.clock.now.getTime()) - 5 * DAY),
      ),
    });
  }
  return popups;
}
