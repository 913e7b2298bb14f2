import type { StaffListQuery } from '@domain/auth/administrators';
import { STAFF_DIRECTORIES, STAFF_ROLES, type StaffDirectory, type StaffRole } from '@domain/auth/roles';
import { SEARCH_DEBOUNCE_MS } from '@domain/reference/constants';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useSearchParams } from 'react-router';

export type StaffStatusFilter = 'active' | 'inactive' | 'all';

export interface StaffFilters {
  q: string;
  role: StaffRole | '';
  directory: StaffDirectory | '';
  status: StaffStatusFilter;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | '' =>
  list.includes(value as T) ? (value as T) : '';

/**
 * Filters live in the URL so a filtered list can be bookmarked or shared, and survives the
 * trip to "Create administrator" and back. Inactive staff are listed too (sorted last) so that a
 * deactivated account stays in view, ready to be activated again.
 */
export function useStaffFilters() {
  const [params, setParams] = useSearchParams();
  const filters: StaffFilters = {
    q: params.get('q') ?? '',
    role: oneOf(STAFF_ROLES, params.get('role')),
    directory: oneOf(STAFF_DIRECTORIES, params.get('directory')),
    status: oneOf(['active', 'inactive', 'all'] as const, params.get('status')) || 'all',
  };

  const setFilters = (changes: Partial<StaffFilters>) => {
    const next = { ...filters, ...changes };
    const search = new URLSearchParams();
    if (next.q) search.set('q', next.q);
    if (next.role) search.set('role', next.role);
    if (next.directory) search.set('directory', next.directory);
    if (next.status !== 'all') search.set('status', next.status);
    setParams(search, { replace: true });
  };

  const q = useDebouncedValue(filters.q.trim(), SEARCH_DEBOUNCE_MS);
  const query: StaffListQuery = {
    q: q || undefined,
    role: filters.role || undefined,
    directory: filters.directory || undefined,
    status: filters.status,
  };
  return { filters, setFilters, query };
}
