import { accountTypeChange } from '../customers/membership';
import { ORDER_STATE } from '../reference/lists';
import { type Action, can, PERMISSIONS, type Principal } from './permissions';
import { ROLE_LABELS } from './roles';

// Field-level actions (ADR 018): what changing one field of a record needs, whatever route,
// form, GraphQL mutation or upload the change comes through. Routes declare the action of their
// purpose (DESIGN §4); every write also passes the fields it changes through this table, so a
// route that happens to carry a guarded field (the profile edit carrying the account type or
// country) cannot be a side door around the table.

/** What one field change needs: an action of the permission table, or nobody may make it. */
export type FieldRequirement = { action: Action } | { never: string };

type FieldRule = Action | { never: string } | ((from: unknown, to: unknown) => FieldRequirement);

interface FieldEntry {
  /** The field in words, for messages ("Only … may change the country"). */
  label: string;
  rule: FieldRule;
}

const edit = (label: string): FieldEntry => ({ label, rule: 'records.edit' });
const never = (label: string, why: string): FieldEntry => ({ label, rule: { never: why } });

/** spec 1 §4: the membership change for member crossings, a profile edit among retail types. */
function accountTypeRule(from: unknown, to: unknown): FieldRequirement {
  const change = accountTypeChange(Number(from), Number(to));
  if (!change || change.kind === 'retail') return { action: 'records.edit' };
  if (change.kind === 'membership') return { action: 'membership.manage' };
  return { never: change.message };
}

/** spec 2 §4: staff move an order to Cancelled only; every other state follows payment and shipping. */
function orderStateRule(_from: unknown, to: unknown): FieldRequirement {
  return to === ORDER_STATE.cancelled
    ? { action: 'orders.cancel' }
    : { never: 'An order state follows payment, export and shipping; staff only cancel.' };
}

export const FIELD_ACTIONS = {
  /** Every column of an account (the API tests check that none is missing). */
  account: {
    uid: never('account id', 'An account id never changes.'),
    phoenixId: never('account number', 'An account number never changes.'),
    firstName: edit('first name'),
    lastName: edit('last name'),
    email: edit('email'),
    userType: { label: 'account type', rule: accountTypeRule },
    telephone: edit('phone'),
    genderId: edit('gender'),
    defaultLanguageId: edit('language'),
    dateOfBirth: edit('date of birth'),
    /** DESIGN §4 "compress account/downline, change country": commissions follow the country. */
    countryId: { label: 'country', rule: 'commissions.manage' },
    /** spec 1 §2: sponsor and enroller are part of the customer detail any agent edits. */
    sponsorId: edit('sponsor'),
    enrollerId: edit('enroller'),
    enrollmentDateUtc: never('enrollment date', 'The enrollment date is set when the account enrolls.'),
    nextRenewalDateUtc: { label: 'next renewal date', rule: 'membership.manage' },
    memberExpirationDateUtc: { label: 'member expiration date', rule: 'membership.manage' },
    consultantPreferences: never('consultant preferences', 'Customers set their consultant preferences.'),
    consultantMilestones: never('milestones', 'Milestones are counted by the incentives job.'),
    pwsKey: edit('PWS'),
    isEntity: edit('entity flag'),
    entityName: edit('entity name'),
    sealedTaxNumber: edit('tax number'),
    accountStatus: { label: 'account status', rule: 'membership.manage' },
    paidAsTitleId: never('paid-as title', 'Titles come from the commission run.'),
    recognitionTitleId: never('recognition title', 'Titles come from the commission run.'),
    groupId: never('group', 'The group comes from the downstream system.'),
    squareId: never('payment customer', 'The payment gateway keeps its own customer ids.'),
    squareIdCa: never('payment customer', 'The payment gateway keeps its own customer ids.'),
    tAndCAccepted: never('terms acceptance', 'Only the customer accepts the terms.'),
    createdAt: never('creation date', 'Kept by the database.'),
    updatedAt: never('update date', 'Kept by the database.'),
  },
  /** The order fields staff change (spec 2 §4); the rest follow payment, export and shipping. */
  order: {
    state: { label: 'order state', rule: orderStateRule },
    cancellation: { label: 'cancellation', rule: 'orders.cancel' },
    isFraud: { label: 'fraud status', rule: 'orders.fraud' },
    socialId: edit('popup'),
    shippingAddress: edit('shipping address'),
  },
  /** spec 3 §5–§6: switching a rule on or off, and the delayed-deploy date, need junoAccess. */
  promoRule: {
    active: { label: 'active switch', rule: 'promos.deploy' },
    publishToProd: { label: 'publish date', rule: 'promos.deploy' },
  },
} as const satisfies Record<string, Record<string, FieldEntry>>;

export type GuardedResource = keyof typeof FIELD_ACTIONS;

function entryOf(resource: GuardedResource, field: string): FieldEntry | undefined {
  return (FIELD_ACTIONS[resource] as Record<string, FieldEntry>)[field];
}

/** What changing `field` from `from` to `to` needs. A field missing from the table: nobody (fail closed). */
export function fieldRequirement(
  resource: GuardedResource,
  field: string,
  from: unknown,
  to: unknown,
): FieldRequirement {
  const entry = entryOf(resource, field);
  if (!entry) return { never: `The ${field} of a ${resource} cannot be changed here.` };
  const { rule } = entry;
  if (typeof rule === 'function') return rule(from, to);
  return typeof rule === 'string' ? { action: rule } : rule;
}

/** Same stored value: dates by instant, objects by content. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    const time = (v: unknown) => (v == null ? null : new Date(v as string | Date).getTime());
    return time(a) === time(b);
  }
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object')
    return JSON.stringify(a) === JSON.stringify(b);
  return (a ?? null) === (b ?? null);
}

/** "a Leader or Developer", "a holder of junoAccess". */
export function whoMay(action: Action): string {
  const rule: { roles: readonly (keyof typeof ROLE_LABELS)[]; flag?: string } = PERMISSIONS[action];
  const roles = rule.roles.map((r) => ROLE_LABELS[r]);
  if (rule.flag) roles.push(`holder of ${rule.flag}`);
  if (roles.length === 0) return 'nobody';
  const list = roles.length === 1 ? roles[0] : `${roles.slice(0, -1).join(', ')} or ${roles.at(-1)}`;
  return `${/^[AEIOU]/.test(list!) ? 'an' : 'a'} ${list}`;
}

export type FieldRefusal =
  | { field: string; kind: 'permission'; action: Action; message: string }
  | { field: string; kind: 'never'; message: string };

/**
 * Why this principal may not change `field` from `from` to `to`, or null when it may (or when
 * nothing changes). The server refuses with it; the web uses it to leave out what would be refused.
 */
export function fieldRefusal(
  principal: Principal | null | undefined,
  resource: GuardedResource,
  field: string,
  from: unknown,
  to: unknown,
): FieldRefusal | null {
  if (to === undefined || sameValue(from, to)) return null;
  const need = fieldRequirement(resource, field, from, to);
  if ('never' in need) return { field, kind: 'never', message: need.never };
  if (can(principal, need.action)) return null;
  const label = entryOf(resource, field)?.label ?? field;
  return {
    field,
    kind: 'permission',
    action: need.action,
    message: `Only ${whoMay(need.action)} may change the ${label}.`,
  };
}

/** The first refusal among the fields a patch changes (fields whose value stays are not checked). */
export function patchRefusal(
  principal: Principal | null | undefined,
  resource: GuardedResource,
  before: Readonly<Record<string, unknown>>,
  patch: Readonly<Record<string, unknown>>,
): FieldRefusal | null {
  for (const [field, to] of Object.entries(patch)) {
    const refusal = fieldRefusal(principal, resource, field, before[field], to);
    if (refusal) return refusal;
  }
  return null;
}
