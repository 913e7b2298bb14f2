import type { staffUsers } from '@server/db/schema';
import { Rng, STREAM } from './rng';
import { addDays, type Clock, HOUR } from './time';

// Demo staff: one login per role (DESIGN §7, ADR 003) and a few colleagues across both
// directories, including an inactive user and one with the second leader role string.

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  role: string;
  directory: 'users' | 'cs-users';
  promoAccess: boolean;
  junoAccess: boolean;
  active: boolean;
}

type Def = Omit<StaffMember, 'id' | 'promoAccess' | 'junoAccess' | 'active'> & Partial<StaffMember>;

const DEFS: readonly Def[] = [
  { email: 'agent@example.com', name: 'Casey Morgan', role: 'agent', directory: 'cs-users' },
  { email: 'leader@example.com', name: 'Jordan Lee', role: 'leader', directory: 'users', promoAccess: true },
  {
    email: 'developer@example.com',
    name: 'Sam Patel',
    role: 'developer',
    directory: 'users',
    promoAccess: true,
    junoAccess: true,
  },
  { email: 'fraud@example.com', name: 'Riley Chen', role: 'fraudAgent', directory: 'cs-users' },
  { email: 'salesops@example.com', name: 'Taylor Brooks', role: 'salesOperatorManager', directory: 'users' },
  { email: 'maria.gonzalez@example.com', name: 'Maria Gonzalez', role: 'agent', directory: 'cs-users' },
  { email: 'kevin.obrien@example.com', name: "Kevin O'Brien", role: 'agent', directory: 'cs-users' },
  {
    email: 'aisha.khan@example.com',
    name: 'Aisha Khan',
    role: 'agent',
    directory: 'users',
    promoAccess: true,
  },
  { email: 'emily.tremblay@example.com', name: 'Emily Tremblay', role: 'agent', directory: 'cs-users' },
  { email: 'daniel.wright@example.com', name: 'Daniel Wright', role: 'csLeader', directory: 'cs-users' },
  {
    email: 'priya.nair@example.com',
    name: 'Priya Nair',
    role: 'developer',
    directory: 'users',
    promoAccess: true,
  },
  { email: 'lauren.smith@example.com', name: 'Lauren Smith', role: 'fraudAgent', directory: 'users' },
  {
    email: 'marcus.johnson@example.com',
    name: 'Marcus Johnson',
    role: 'agent',
    directory: 'cs-users',
    active: false,
  },
];

export interface StaffRoster {
  all: StaffMember[];
  /** Who handles day-to-day customer work (agents and leaders). */
  service: StaffMember[];
  leaders: StaffMember[];
  fraud: StaffMember[];
  promo: StaffMember[];
  byEmail(email: string): StaffMember;
}

export function buildRoster(seed: number): StaffRoster {
  const rng = new Rng(seed, STREAM.staff);
  const all = DEFS.map((d) => ({
    promoAccess: false,
    junoAccess: false,
    active: true,
    ...d,
    id: rng.uuid(),
  }));
  const active = all.filter((s) => s.active);
  return {
    all,
    service: active.filter((s) => ['agent', 'leader', 'csLeader'].includes(s.role)),
    leaders: active.filter((s) => ['leader', 'csLeader', 'developer'].includes(s.role)),
    fraud: active.filter((s) => ['fraudAgent', 'developer'].includes(s.role)),
    promo: active.filter((s) => s.promoAccess),
    byEmail(email) {
      const found = all.find((s) => s.email === email);
      if (!found) throw new Error(`no demo staff member ${email}`);
      return found;
    },
  };
}

export function staffRows(
  roster: StaffRoster,
  seed: number,
  passwordHash: string,
  clock: Clock,
): (typeof staffUsers.$inferInsert)[] {
  const rng = new Rng(seed, STREAM.staff, 1);
  return roster.all.map((s, i) => {
    const createdAt = addDays(clock.today, -400 + i * 17);
    return {
      id: s.id,
      directory: s.directory,
      name: s.name,
      email: s.email,
      role: s.role,
      promoAccess: s.promoAccess,
      junoAccess: s.junoAccess,
      active: s.active,
      devMode: true,
      passwordHash,
      passwordChangedAt: createdAt,
      lastLoginAt: s.active
        ? new Date(clock.today.getTime() - rng.int(1, 72) * HOUR)
        : addDays(clock.today, -120),
      createdAt,
      updatedAt: s.active ? createdAt : addDays(clock.today, -120),
    };
  });
}
