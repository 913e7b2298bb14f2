import { USER_TYPE } from '@domain/reference';
import {
  accountComments,
  accountTypeHistory,
  employeeServiceAccounts,
  invalidTaxNumberAttempts,
  shippingAddresses,
} from '@server/db/schema';
import type { AccountDraft } from './accounts';
import type { GenContext } from './context';
import { addDays, DAY } from './time';

// What surrounds an account on the customer screens: shipping addresses, comments, account
// type history, invalid tax-number attempts, consultant preferences and employee records.

/** Spec 1 §7 Results: the system comment added after a failed SSN/SIN validation. */
export const INVALID_TAX_COMMENT =
  'User attempted Enrollment and experienced issues validating SSN/SIN number. The error code provided by the system reads: ';
const TAX_ERROR_CODES = ['SSN_MISMATCH', 'TIN_NAME_MISMATCH', 'SIN_INVALID', 'TIN_NOT_ISSUED', 'IRS_TIMEOUT'];

const COMMENTS = [
  'Customer called about the status of a recent order; shared tracking details.',
  'Updated default shipping address at customer request.',
  'Customer asked how product credit expiry works; explained the 12-month rule.',
  'Emailed instructions to reset password.',
  'Customer requested to change consultant; advised to contact the new consultant first.',
  'Verified identity and updated phone number.',
  'Customer reported an allergic reaction; advised to stop use and see a doctor. Return offered.',
  'Explained membership benefits and renewal window.',
  'Consultant asked about personal website (PWS) setup.',
  'Customer unsubscribed from marketing emails.',
  'Escalated to leader: repeated delivery failures to this address.',
  'Customer asked for ingredient list for a product; sent link.',
];

export function addAccountExtras(ctx: GenContext, draft: AccountDraft): void {
  const { rng, writer, clock } = ctx;
  const ageDays = Math.max(1, (clock.now.getTime() - draft.enrolledAt.getTime()) / DAY);
  const sometime = () => new Date(draft.enrolledAt.getTime() + rng.float() * ageDays * DAY);

  draft.addresses.forEach(({ address, isDefault }, i) => {
    const verified = rng.chance(0.7) ? sometime() : null;
    writer.add(shippingAddresses, {
      accountUid: draft.uid,
      ...address,
      isDefaultShipping: isDefault,
      phoenixId: rng.chance(0.8) ? draft.phoenixId * 10 + i : null,
      melissaVerificationDateUtc: verified,
      dateLastModified: verified ?? draft.enrolledAt,
    });
  });

  if (rng.chance(0.2)) {
    for (let i = rng.int(1, 3); i > 0; i--) {
      const staff = rng.pick(ctx.roster.service);
      writer.add(accountComments, {
        accountUid: draft.uid,
        description: rng.pick(COMMENTS),
        name: staff.name,
        status: rng.weighted([
          [null, 6],
          ['Open', 1],
          ['Resolved', 3],
        ] as const),
        system: false,
        date: rng.chance(0.05)
          ? new Date(clock.today.getTime() + rng.float() * (clock.now.getTime() - clock.today.getTime()))
          : sometime(),
      });
    }
  }

  addTypeHistory(ctx, draft, sometime);

  if (draft.userType === USER_TYPE.consultant && rng.chance(0.015)) {
    const attempts = rng.int(1, 3);
    let at = addDays(draft.enrolledAt, -1);
    let code = '';
    for (let i = 0; i < attempts; i++) {
      code = rng.pick(TAX_ERROR_CODES);
      at = new Date(at.getTime() + rng.int(5, 90) * 60_000);
      writer.add(invalidTaxNumberAttempts, { accountUid: draft.uid, code, attemptedAt: at });
    }
    writer.add(accountComments, {
      accountUid: draft.uid,
      description: `${INVALID_TAX_COMMENT}${code}`,
      name: 'System',
      system: true,
      date: at,
    });
  }

  if (draft.userType === USER_TYPE.employee) {
    const country = draft.countryId === 2 ? 'ca' : 'us';
    for (const service of ['bccom', 'cs-users']) {
      writer.add(employeeServiceAccounts, {
        accountUid: draft.uid,
        service,
        country,
        documentId: draft.uid,
        authDisabled: draft.terminated,
        data: {
          uid: draft.uid,
          email: draft.row.email ?? null,
          displayName: `${draft.person.firstName} ${draft.person.lastName}`,
          employeeDiscount: 0.4,
        },
        updatedAt: draft.enrolledAt,
      });
    }
  }

  // Customers let their consultant see their credit or pay on their behalf (spec 1 §3).
  if (
    (draft.userType === USER_TYPE.client || draft.userType === USER_TYPE.member) &&
    draft.sponsorPhoenixId !== 1 &&
    rng.chance(0.4)
  ) {
    draft.row.consultantPreferences = {
      [String(draft.sponsorPhoenixId)]: { creditAccess: rng.chance(0.6), paymentAccess: rng.chance(0.3) },
    };
  }
}

function addTypeHistory(ctx: GenContext, draft: AccountDraft, sometime: () => Date): void {
  const { rng, writer } = ctx;
  const record = (
    fromType: number | null,
    toType: number,
    changedAt: Date,
    recordedAs: string,
    changedBy: string,
    reason: string | null,
  ) =>
    writer.add(accountTypeHistory, {
      accountUid: draft.uid,
      fromType,
      toType,
      changedAt,
      recordedAs,
      changedBy,
      reason,
    });
  const started = rng.chance(0.25) && draft.userType !== USER_TYPE.client ? USER_TYPE.client : null;
  const firstType = started ?? draft.userType;
  record(null, firstType, draft.enrolledAt, 'enrollment', 'system', null);
  if (started !== null) {
    const recordedAs = draft.userType === USER_TYPE.member ? 'membership purchase' : 'enrollment';
    record(started, draft.userType, sometime(), recordedAs, 'system', null);
  }
  if (draft.userType === USER_TYPE.consultant && rng.chance(0.03)) {
    // A consultant who stepped back to member and came back: a manual downgrade, then an upgrade.
    const staff = rng.pick(ctx.roster.leaders);
    const down = sometime();
    record(
      USER_TYPE.consultant,
      USER_TYPE.member,
      down,
      'manual downgrade',
      staff.email,
      'Requested to pause business',
    );
    const up = new Date(down.getTime() + rng.float() * (ctx.clock.now.getTime() - down.getTime()));
    record(USER_TYPE.member, USER_TYPE.consultant, up, 'manual upgrade', staff.email, 'Returned to business');
  }
}
