import type { StaffUser } from '@domain/auth/administrators';
import { ROLE_LABELS } from '@domain/auth/roles';
import { useMemo, useState } from 'react';

export type StaffSortKey = 'name' | 'email' | 'role' | 'lastLoginAt' | 'createdAt';
export type SortDirection = 'asc' | 'desc';

const text = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
// Never-signed-in users sort after everyone who has.
const time = (a: string | null, b: string | null) => (a ?? '').localeCompare(b ?? '');

const COMPARE: Record<StaffSortKey, (a: StaffUser, b: StaffUser) => number> = {
  name: (a, b) => text(a.name, b.name),
  email: (a, b) => text(a.email, b.email),
  role: (a, b) => text(ROLE_LABELS[a.role], ROLE_LABELS[b.role]),
  lastLoginAt: (a, b) => time(a.lastLoginAt, b.lastLoginAt),
  createdAt: (a, b) => time(a.createdAt, b.createdAt),
};

/** Column sorting; active staff stay above inactive ones, and name breaks ties. */
export function useStaffSort(users: StaffUser[]) {
  const [sortKey, setSortKey] = useState<StaffSortKey>('name');
  const [direction, setDirection] = useState<SortDirection>('asc');

  const sorted = useMemo(() => {
    const sign = direction === 'asc' ? 1 : -1;
    return [...users].sort(
      (a, b) => Number(b.active) - Number(a.active) || sign * COMPARE[sortKey](a, b) || COMPARE.name(a, b),
    );
  }, [users, sortKey, direction]);

  const sortBy = (key: StaffSortKey) => {
    if (key === sortKey) {
      setDirection((d) => (d === 'asc' ? 'desc' : 'asc'));
    } else {
      setSortKey(key);
      // Dates read best newest first; text A to Z.
      setDirection(key === 'lastLoginAt' || key === 'createdAt' ? 'desc' : 'asc');
    }
  };

  return { sorted, sortKey, direction, sortBy };
}
