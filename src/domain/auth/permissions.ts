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
  /** Money reconciliation: the latest run and its discrepancies (ADR 025). */
  'reconciliation.read': { roles: ['leader', 'developer'] },
  /** Start a reconciliation run on demand. */
  'reconciliation.run': { roles: ['leader', 'developer'] },
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
/**
 * Route actions: every API route declares one; `public` needs no session; `customerView` needs a
 * customer view session (Sign in as customer, ADR 022), which reaches those routes and no other.
 */
export type RouteAction = Action | 'public' | 'customerView';

export function can(principal: Principal | null | undefined, action: Action): boolean {
  if (!principal) return false;
  const rule: Rule = PERMISSIONS[action];
  if (rule.roles.includes(principal.role)) return true;
  return rule.flag ? principal[rule.flag] === true : false;
}

export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

// Granting access (issue: privilege escalation). Nobody grants a role, promoAccess or junoAccess
// they do not hold themselves, and nobody changes their own access. A role is "held" when every
// action it allows is allowed to the granter too: a leader may grant agent and leader, a
// developer any role. The same test decides whose account one may change at all.

/** Every action the role allows by itself, without promoAccess or junoAccess. */
const actionsOfRole = (role: StaffRole): Action[] =>
  ACTIONS.filter((action) => (PERMISSIONS[action] as Rule).roles.includes(role));

export function canGrantRole(granter: Principal, role: StaffRole): boolean {
  return actionsOfRole(role).every((action) => can(granter, action));
}

/** Only a holder of promoAccess or junoAccess may give or take that flag. */
export function canSetAccess(granter: Principal, flag: 'promoAccess' | 'junoAccess'): boolean {
  return granter[flag] === true;
}

/**
 * Whether the granter may change another staff member's account (role, access, active state):
 * only when the target's current role and flags are all ones the granter holds.
 */
export function canManageStaff(
  granter: Principal,
  target: { role: StaffRole; promoAccess: boolean; junoAccess: boolean },
): boolean {
  if (!can(granter, 'administrators.manage') || !canGrantRole(granter, target.role)) return false;
  return (!target.promoAccess || granter.promoAccess) && (!target.junoAccess || granter.junoAccess);
}
