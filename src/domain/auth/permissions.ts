import type { StaffRole } from './roles';

// Who may do what — one table, read by the server's route guard and by the web menu (DESIGN §4).

export interface Principal {
  role: StaffRole;
  promoAccess: boolean;
  junoAccess: boolean;
}

interface Rule {
  /** Roles allowed outright. */
  roles: readonly StaffRole[];
  /** Any role holding this flag is allowed too. */
  flag?: 'promoAccess' | 'junoAccess';
}

const ALL: readonly StaffRole[] = ['agent', 'leader', 'developer', 'fraudAgent', 'salesOperatorManager'];

export const PERMISSIONS = {
  /** Read customers, orders, returns, carts, promos. */
  'records.read': { roles: ALL },
  /** Edit profile, addresses, comments; resend emails; reset password. */
  'records.edit': { roles: ALL },
  /** Product credit adjustment within the per-type maximum. */
  'credit.adjust': { roles: ALL },
  /** Refunds: estimate, submit, retry. */
  'refunds.manage': { roles: ALL },
  'customers.signInAs': { roles: ['leader', 'fraudAgent', 'developer'] },
  /** Membership change, lapse, expiration date, account status, restores. */
  'membership.manage': { roles: ['leader', 'developer'] },
  /** Cancel order; leaders only for the orders spec 2 §4 names (checked by the cancel rules). */
  'orders.cancel': { roles: ['leader', 'fraudAgent', 'developer'] },
  'orders.fraud': { roles: ['fraudAgent', 'developer'] },
  'employees.offboard': { roles: ['leader', 'developer'] },
  /** Compress account/downline, change country. */
  'commissions.manage': { roles: ['salesOperatorManager', 'developer'] },
  /** Batch orders and bulk ledgers. */
  'batch.manage': { roles: ['leader', 'salesOperatorManager', 'developer'] },
  /** Incentive screens and payouts. */
  'incentives.manage': { roles: ['leader', 'developer'] },
  /** Administrators: list, create, change role, deactivate. */
  'administrators.manage': { roles: ['leader', 'developer'] },
  /** Promo tool: edit drafts. */
  'promos.edit': { roles: ['developer'], flag: 'promoAccess' },
  /** Publish to pending or drafts. */
  'promos.publish': { roles: [], flag: 'promoAccess' },
  /** Deploy to production, set active, change publishToProd. */
  'promos.deploy': { roles: [], flag: 'junoAccess' },
  /** Feature flags dialog, developer mode, Outbox screen. */
  'developer.tools': { roles: ['developer'] },
  /** Any signed-in staff member. */
  session: { roles: ALL },
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof PERMISSIONS;
/** Route actions: every API route declares one; `public` needs no session. */
export type RouteAction = Action | 'public';

export function can(principal: Principal | null | undefined, action: Action): boolean {
  if (!principal) return false;
  const rule: Rule = PERMISSIONS[action];
  if (rule.roles.includes(principal.role)) return true;
  return rule.flag ? principal[rule.flag] === true : false;
}

export const ACTIONS = Object.keys(PERMISSIONS) as Action[];
