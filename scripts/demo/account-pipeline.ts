import { USER_TYPE } from '@domain/reference';
import { accounts, termsRecords } from '@server/db/schema';
import { addAccountExtras } from './account-extras';
import { buildAccount } from './accounts';
import { addCarts } from './carts';
import { writeAccountLog } from './change-logs';
import type { GenContext } from './context';
import { CreditAccount } from './credit';
import { COMPANY_PHOENIX_ID } from './identity';
import { addPayouts } from './incentives';
import { termsRows } from './membership';
import { addOrders } from './orders';
import { addPopups } from './socials';
import { addDays } from './time';

// One account and everything that hangs off it, in a fixed order of draws from its stream.

export function generateAccount(ctx: GenContext, idx: number): number {
  const draft = buildAccount(ctx, idx);
  addPopups(ctx, idx, draft.uid, draft.userType, draft.enrolledAt);
  addAccountExtras(ctx, draft);
  const credit = new CreditAccount(ctx, draft);
  const orderCount = addOrders(ctx, draft, credit);
  credit.write();
  if (draft.membership) ctx.writer.add(termsRecords, ...termsRows(draft.uid, draft.membership));
  addCarts(ctx, draft);
  addPayouts(ctx, draft);
  writeAccountLog(ctx, draft);
  ctx.writer.add(accounts, {
    ...draft.row,
    sealedTaxNumber: draft.taxNumber === null ? null : ctx.sealTaxNumber(draft.uid, draft.taxNumber),
  });
  return orderCount;
}

/** The company account (phoenixId 1): the default sponsor and enroller of everyone (spec 1 §9). */
export function addCompanyAccount(ctx: GenContext): void {
  const enrolledAt = addDays(ctx.clock.today, -9 * 365);
  ctx.writer.add(accounts, {
    uid: ctx.directory.uidOf(-1),
    phoenixId: COMPANY_PHOENIX_ID,
    firstName: 'Company',
    lastName: 'Sponsor',
    email: 'sponsor@example.com',
    userType: USER_TYPE.consultant,
    countryId: 1,
    sponsorId: COMPANY_PHOENIX_ID,
    enrollerId: COMPANY_PHOENIX_ID,
    enrollmentDateUtc: enrolledAt,
    accountStatus: 1,
    tAndCAccepted: true,
    isEntity: true,
    entityName: 'Company Sponsor',
    createdAt: enrolledAt,
    updatedAt: enrolledAt,
  });
}
