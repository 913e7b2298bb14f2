import { USER_TYPES, userTypeName } from '../reference/lists';

// Account types seen for a person (spec 1 §1): Consultant, Enrolling Consultant, Client, Member,
// Enrolling Member, Host, Guest, Prospect, Employee. Six are the stored user type; three are
// derived from what the person is doing (ADR 027):
// - Enrolling Consultant: not a consultant, with an enrollment under way: an open cart holding the
//   enrollment kit (SKU 9078), or an enrollment order (type 11) still waiting for its terms;
// - Enrolling Member: not an active member, with a membership under way: an open cart holding the
//   membership SKU (9000), or a membership order still waiting for its terms;
// - Host: hosts a pop-up (social) that is open (its named host, or its owner when it names none).

export const DERIVED_ACCOUNT_TYPES = [
  { key: 'enrollingConsultant', name: 'Enrolling Consultant' },
  { key: 'enrollingMember', name: 'Enrolling Member' },
  { key: 'host', name: 'Host' },
] as const;
export type DerivedAccountType = (typeof DERIVED_ACCOUNT_TYPES)[number]['key'];
export const DERIVED_ACCOUNT_TYPE_KEYS = DERIVED_ACCOUNT_TYPES.map((t) => t.key) as [
  DerivedAccountType,
  ...DerivedAccountType[],
];

/** The nine types of spec 1 §1 as a search filter: a stored user type (by id) or a derived one. */
export const ACCOUNT_TYPE_FILTERS = [
  ...USER_TYPES.map((t) => ({ key: String(t.id), name: t.name })),
  ...DERIVED_ACCOUNT_TYPES,
] as const;

/** The names of a person's types: the stored one first, then the derived ones. */
export function accountTypeNames(userType: number, derived: readonly DerivedAccountType[]): string[] {
  const stored = userTypeName(userType) ?? `Type ${userType}`;
  return [stored, ...DERIVED_ACCOUNT_TYPES.filter((t) => derived.includes(t.key)).map((t) => t.name)];
}
