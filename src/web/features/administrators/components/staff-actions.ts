import type { StaffUser } from '@domain/auth/administrators';
import type { Principal } from '@domain/auth/permissions';
import type { StaffRole } from '@domain/auth/roles';

/** What a row can ask the list to do; the list owns the calls, the alerts and the confirmation. */
export interface StaffActions {
  changeRole: (user: StaffUser, role: StaffRole) => void;
  setAccess: (user: StaffUser, field: 'promoAccess' | 'junoAccess', value: boolean) => void;
  deactivate: (user: StaffUser) => void;
  activate: (user: StaffUser) => void;
  sendPasswordLink: (user: StaffUser) => void;
  /** The id of the user a call is running for, to disable that row's controls. */
  busyId: string | null;
  /** The signed-in user may not demote or lock out themselves. */
  currentUserId: string | null;
  /** The signed-in user's role and access: only what they hold can they grant (permissions.ts). */
  granter: Principal | null;
}
