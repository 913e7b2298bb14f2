import type { AccountRecord } from '@domain/accounts/account';
import { taxNumberKind } from '@domain/accounts/tax-number';
import { accountTypeNames } from '@domain/customers/account-types';
import { canRestoreMemberToConsultant, isActiveMember, memberStatus } from '@domain/customers/membership';
import type { AppContext } from '../../platform/context';
import { derivedTypesOf } from '../customers/account-types.sql';
import { isFlagOn } from '../flags/flags.service';
import {
  accountRef,
  directDownlineCount,
  loadAccount,
  phoenixAccountType,
  termsOf,
  typeHistoryOf,
} from './accounts.repo';
import { maskedTaxNumber } from './tax-number-vault';

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** `GET /api/cs/customer/{uid}`: the account record of spec 1 §3, tax number masked. */
export async function getAccountRecord(ctx: AppContext, uid: string): Promise<AccountRecord> {
  const row = await loadAccount(ctx.db, uid);
  const [sponsor, enroller, terms, history, downline, flag, derived] = await Promise.all([
    accountRef(ctx.db, row.sponsorId),
    accountRef(ctx.db, row.enrollerId),
    termsOf(ctx.db, uid),
    typeHistoryOf(ctx.db, uid),
    directDownlineCount(ctx.db, row.phoenixId),
    isFlagOn(ctx.db, 'membershipManualUpgrade'),
    derivedTypesOf(ctx.db, uid),
  ]);
  const kind = taxNumberKind(row.countryId, row.isEntity);
  return {
    uid: row.uid,
    phoenixId: row.phoenixId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    userType: row.userType,
    accountTypes: accountTypeNames(row.userType, derived),
    telephone: row.telephone,
    genderId: row.genderId,
    defaultLanguageId: row.defaultLanguageId,
    dateOfBirth: row.dateOfBirth,
    countryId: row.countryId,
    sponsor,
    enroller,
    pwsKey: row.pwsKey,
    taxNumber: {
      kind,
      masked: maskedTaxNumber(ctx.keyring, row),
      isEntity: row.isEntity,
      entityName: row.entityName,
    },
    isEntity: row.isEntity,
    entityName: row.entityName,
    accountStatus: row.accountStatus,
    paidAsTitleId: row.paidAsTitleId,
    recognitionTitleId: row.recognitionTitleId,
    enrollmentDateUTC: iso(row.enrollmentDateUtc),
    nextRenewalDateUTC: iso(row.nextRenewalDateUtc),
    memberExpirationDateUTC: iso(row.memberExpirationDateUtc),
    bobTCs: terms.map((t) => ({
      orderId: t.orderId,
      orderDate: t.orderDate.toISOString(),
      orderExpiration: iso(t.orderExpiration),
      signed: t.signed,
      declined: t.declined,
    })),
    membershipStatus: memberStatus(terms, row.memberExpirationDateUtc),
    activeMember: isActiveMember(terms, row.memberExpirationDateUtc),
    consultantPreferences: row.consultantPreferences,
    hasAccountTypeHistory: history.length > 0,
    directDownlineCount: downline,
    canRestoreMemberToConsultant: canRestoreMemberToConsultant(
      phoenixAccountType(row, history),
      row.userType,
    ),
    membershipManualUpgrade: flag,
  };
}
