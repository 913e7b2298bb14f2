import { ACCOUNT_MESSAGES } from '@domain/accounts/messages';
import {
  maskTaxNumber,
  type SetTaxNumberRequest,
  type SpecTaxNumberRequest,
  TAX_NUMBER_LABELS,
  type TaxNumberKind,
  taxNumberKind,
  taxNumberRuleOf,
} from '@domain/accounts/tax-number';
import type { AppContext } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import type { StaffPrincipal } from '../../platform/sessions';
import { updateAccount } from './account-change';
import { type AccountRow, loadAccount } from './accounts.repo';
import { maskedTaxNumber, sealTaxNumber } from './tax-number-vault';

// The tax number of an account (spec 1 §5, spec 2 §7). Stored sealed with the data key (ADR 022);
// reads and the change log only ever show it masked, whichever call sets or reads it.

async function writeTaxNumber(
  ctx: AppContext,
  tx: DbOrTx,
  staff: StaffPrincipal,
  before: AccountRow,
  change: { kind: TaxNumberKind; number: string; isEntity: boolean; entityName?: string | null },
) {
  const masked = {
    before: maskedTaxNumber(ctx.keyring, before),
    after: maskTaxNumber(change.number, change.kind),
  };
  return updateAccount(
    tx,
    staff,
    before,
    'account.taxNumber',
    {
      sealedTaxNumber: sealTaxNumber(ctx.keyring, before.uid, change.number),
      isEntity: change.isEntity,
      entityName: change.isEntity ? (change.entityName ?? null) : null,
    },
    masked,
  );
}

/** `POST /api/cs/taxNumber` {uid, ssn|sin|taxId|businessNumber, isEntity, entityName}: the detail screen's call. */
export async function setTaxNumber(ctx: AppContext, staff: StaffPrincipal, input: SetTaxNumberRequest) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadAccount(tx, input.uid, true);
    const kind = taxNumberKind(before.countryId, input.isEntity);
    const number = input[kind];
    if (number === undefined)
      throw badRequest(ACCOUNT_MESSAGES.tinInvalid, [
        {
          path: kind,
          message: `Enter the ${TAX_NUMBER_LABELS[kind]} of this ${input.isEntity ? 'entity' : 'person'}`,
        },
      ]);
    return writeTaxNumber(ctx, tx, staff, before, { kind, number, ...input });
  });
}

/**
 * `POST /api/cs/taxNumber?accountId={uid}` {taxNumber, isEntity, entityName} (spec 2 §7): the
 * number is checked against the kind the account's country and the entity flag name.
 */
export async function setSpecTaxNumber(
  ctx: AppContext,
  staff: StaffPrincipal,
  uid: string,
  input: SpecTaxNumberRequest,
) {
  return ctx.db.transaction(async (tx) => {
    const before = await loadAccount(tx, uid, true);
    const kind = taxNumberKind(before.countryId, input.isEntity);
    const parsed = taxNumberRuleOf(kind).safeParse(input.taxNumber);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.tinInvalid;
      throw badRequest(message, [{ path: 'body.taxNumber', message }]);
    }
    return writeTaxNumber(ctx, tx, staff, before, { ...input, kind, number: parsed.data });
  });
}

/** `GET /api/cs/taxNumber?accountId={uid}`: the spec's fields, the number masked. */
export async function getSpecTaxNumber(ctx: AppContext, uid: string) {
  const account = await loadAccount(ctx.db, uid);
  return {
    taxNumber: maskedTaxNumber(ctx.keyring, account),
    isEntity: account.isEntity,
    entityName: account.entityName,
    kind: taxNumberKind(account.countryId, account.isEntity),
  };
}
