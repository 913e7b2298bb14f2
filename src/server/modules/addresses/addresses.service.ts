import { ADDRESS_MESSAGES, type AddressValues, type ShippingAddress } from '@domain/addresses';
import { and, eq } from 'drizzle-orm';
import { shippingAddresses } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { type AppContext, actorOf } from '../../platform/context';
import type { DbOrTx, Tx } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import type { StaffPrincipal } from '../../platform/sessions';
import { postalCodeIssue } from '../maps/zip-dataset';
import * as repo from './addresses.repo';

// Shipping addresses (spec 1 §3, §5). Every change runs in one transaction with its account-log
// event; the account row is locked first so two default moves on one account never interleave
// (exactly one default shipping address whenever the account has any).

const NO_CUSTOMER = 'No customer with that id.';

export function toShippingAddress(row: repo.AddressRow): ShippingAddress {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    companyName: row.companyName,
    address: row.address,
    address2: row.address2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
    countryId: row.countryId,
    telephone: row.telephone,
    isDefaultShipping: row.isDefaultShipping,
    phoenixId: row.phoenixId,
    dateLastModified: row.dateLastModified.toISOString(),
  };
}

/** What the account log shows of an address. */
const auditView = (row: repo.AddressRow) => ({ shippingAddress: toShippingAddress(row) });

export async function listAddresses(ctx: AppContext, uid: string) {
  if (!(await repo.accountExists(ctx.db, uid))) throw notFound(NO_CUSTOMER);
  return addressesOf(ctx.db, uid);
}

/** A known account's shipping addresses (for other modules: the customer view). */
export async function addressesOf(db: DbOrTx, uid: string): Promise<ShippingAddress[]> {
  return (await repo.listAddresses(db, uid)).map(toShippingAddress);
}

async function inAccount<T>(ctx: AppContext, uid: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.lockAccount(tx, uid))) throw notFound(NO_CUSTOMER);
    return work(tx);
  });
}

async function loadAddress(tx: Tx, uid: string, id: number) {
  const row = await repo.findAddress(tx, uid, id);
  if (!row) throw notFound(ADDRESS_MESSAGES.notFound);
  return row;
}

/**
 * The ZIP/postal code must lie in the chosen state or province, as verification checks it (the
 * form runs the same check before sending): a 400 on the postal code field, nothing written.
 */
function checkPostalCode(input: AddressValues) {
  const issue = postalCodeIssue(input);
  if (issue) throw badRequest(issue, [{ path: 'body.postalCode', message: issue }]);
}

const columns = (input: AddressValues) => ({
  ...input,
  country: input.countryId === 2 ? 'CA' : 'US',
  dateLastModified: new Date(),
});

export function addAddress(ctx: AppContext, staff: StaffPrincipal, uid: string, input: AddressValues) {
  checkPostalCode(input);
  return inAccount(ctx, uid, async (tx) => {
    // The first address of an account is its default shipping address.
    const first = (await repo.listAddresses(tx, uid)).length === 0;
    const [row] = await tx
      .insert(shippingAddresses)
      .values({ accountUid: uid, ...columns(input), isDefaultShipping: first })
      .returning();
    await recordChange(tx, {
      collection: 'account-log',
      entityId: uid,
      action: 'address.add',
      actor: actorOf(staff),
      after: auditView(row!),
    });
    return toShippingAddress(row!);
  });
}

export function updateAddress(
  ctx: AppContext,
  staff: StaffPrincipal,
  uid: string,
  id: number,
  input: AddressValues,
) {
  checkPostalCode(input);
  return inAccount(ctx, uid, async (tx) => {
    const before = await loadAddress(tx, uid, id);
    const [after] = await tx
      .update(shippingAddresses)
      .set(columns(input))
      .where(and(eq(shippingAddresses.id, id), eq(shippingAddresses.accountUid, uid)))
      .returning();
    await recordChange(tx, {
      collection: 'account-log',
      entityId: uid,
      action: 'address.update',
      actor: actorOf(staff),
      before: auditView(before),
      after: auditView(after!),
    });
    return toShippingAddress(after!);
  });
}

/** Deleting the default address hands the default to the most recently changed one left. */
export function deleteAddress(ctx: AppContext, staff: StaffPrincipal, uid: string, id: number) {
  return inAccount(ctx, uid, async (tx) => {
    const before = await loadAddress(tx, uid, id);
    await tx.delete(shippingAddresses).where(eq(shippingAddresses.id, id));
    let newDefault: repo.AddressRow | null = null;
    if (before.isDefaultShipping) {
      const next = await repo.nextDefaultCandidate(tx, uid);
      if (next) {
        const [promoted] = await tx
          .update(shippingAddresses)
          .set({ isDefaultShipping: true })
          .where(eq(shippingAddresses.id, next.id))
          .returning();
        newDefault = promoted ?? null;
      }
    }
    await recordChange(tx, {
      collection: 'account-log',
      entityId: uid,
      action: 'address.delete',
      actor: actorOf(staff),
      before: auditView(before),
      after: newDefault ? { defaultShippingAddressId: newDefault.id } : {},
    });
  });
}

export function makeDefault(ctx: AppContext, staff: StaffPrincipal, uid: string, id: number) {
  return inAccount(ctx, uid, async (tx) => {
    const before = await loadAddress(tx, uid, id);
    const previous = (await repo.listAddresses(tx, uid)).find((a) => a.isDefaultShipping);
    if (before.isDefaultShipping) return toShippingAddress(before);
    // Clear first: the partial unique index allows one default per account at any moment.
    await repo.clearDefault(tx, uid, id);
    const [after] = await tx
      .update(shippingAddresses)
      .set({ isDefaultShipping: true, dateLastModified: new Date() })
      .where(eq(shippingAddresses.id, id))
      .returning();
    await recordChange(tx, {
      collection: 'account-log',
      entityId: uid,
      action: 'address.default',
      actor: actorOf(staff),
      before: { defaultShippingAddressId: previous?.id ?? null },
      after: { defaultShippingAddressId: id },
    });
    return toShippingAddress(after!);
  });
}
