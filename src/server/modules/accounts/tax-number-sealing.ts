import { and, isNotNull, sql } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { DataKeyError, type DataKeyring } from '../../platform/data-keys';
import { type Db, rows } from '../../platform/db';
import { openTaxNumber, sealTaxNumber } from './tax-number-vault';

// The start-up pass over tax numbers (ADR 022). A SQL migration cannot know the key, so every
// start seals what is not yet under the current key: digits stored before encryption, and values
// sealed with an older key of the ring (rotation). It is safe to stop at any point and to run in
// several processes at once:
// - each batch is one transaction; a crash rolls back only the batch it was in;
// - a batch locks its rows FOR UPDATE SKIP LOCKED, so processes share the work instead of
//   waiting on each other, and a concurrent change of a number waits for the batch;
// - what is done is not picked again: a row leaves the pass's query once under the current key.
// The index accounts_tax_number_key_idx (on the key id) keeps the pass to the rows it changes.

const KEY_ID = sql.raw(`split_part(tax_number, ':', 3)`);
const BATCH = 500;

export interface SealingResult {
  /** Digits stored before encryption, now sealed. */
  sealed: number;
  /** Values sealed with an older key of the ring, now sealed with the current one. */
  resealed: number;
}

/**
 * Checks that the ring opens every key id in use (refusing to start otherwise: a value no key
 * opens would show as an error on its customer's screen), then brings every tax number under
 * the current key.
 */
export async function sealTaxNumbers(
  db: Db,
  keyring: DataKeyring,
  opts: { batch?: number } = {},
): Promise<SealingResult> {
  const stale = (await checkKeysInUse(db, keyring)).filter((id) => id !== keyring.current.id);
  const result: SealingResult = { sealed: 0, resealed: 0 };
  for (const id of stale) {
    const counter = id === '' ? 'sealed' : 'resealed';
    for (;;) {
      const done = await sealBatch(db, keyring, id, opts.batch ?? BATCH);
      if (done === 0) break;
      result[counter] += done;
    }
  }
  return result;
}

/** One batch of the values under key `id` ('' = digits), sealed with the current key; how many. */
async function sealBatch(db: Db, keyring: DataKeyring, id: string, batch: number): Promise<number> {
  return db.transaction(async (tx) => {
    const pending = await tx
      .select({ uid: accounts.uid, tax_number: accounts.sealedTaxNumber })
      .from(accounts)
      .where(and(isNotNull(accounts.sealedTaxNumber), sql`${KEY_ID} = ${id}`))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (pending.length === 0) return 0;
    const next = pending.map((r) => ({
      uid: r.uid,
      old: r.tax_number,
      sealed: sealTaxNumber(
        keyring,
        r.uid,
        openTaxNumber(keyring, { uid: r.uid, sealedTaxNumber: r.tax_number })!,
      ),
    }));
    // Raw SQL: UPDATE … FROM jsonb_to_recordset(…) has no builder form.
    await tx.execute(sql`
      update accounts a set tax_number = v.sealed
        from jsonb_to_recordset(${JSON.stringify(next)}::jsonb) as v(uid text, old text, sealed text)
       where a.uid = v.uid and a.tax_number = v.old`);
    return pending.length;
  });
}

/**
 * Every key id found in the data is in the ring, and the ring's key of that id opens it.
 * Answers the ids in use.
 */
async function checkKeysInUse(db: Db, keyring: DataKeyring): Promise<string[]> {
  const ids = await keyIdsInUse(db);
  for (const id of ids) {
    if (id === '') continue; // digits stored before encryption
    if (!keyring.has(id))
      throw new DataKeyError(
        `Tax numbers are sealed with data key "${id}", which ${keyring.source} does not hold: add that key back to the ring (README, Key rotation).`,
      );
    const [sample] = await db
      .select({ uid: accounts.uid, tax_number: accounts.sealedTaxNumber })
      .from(accounts)
      .where(and(isNotNull(accounts.sealedTaxNumber), sql`${KEY_ID} = ${id}`))
      .limit(1);
    if (sample) openTaxNumber(keyring, { uid: sample.uid, sealedTaxNumber: sample.tax_number });
  }
  return ids;
}

/** The distinct key ids in use: a walk up the index, one probe per id (never a table scan). */
export async function keyIdsInUse(db: Db): Promise<string[]> {
  // Raw SQL: a recursive CTE (a loose index scan over the key ids) has no builder form.
  const found = await rows<{ id: string }>(
    db,
    sql`with recursive ids(id) as (
          select min(${KEY_ID}) from accounts where tax_number is not null
          union all
          select (select min(${KEY_ID}) from accounts where tax_number is not null and ${KEY_ID} > ids.id)
            from ids where ids.id is not null
        )
        select id from ids where id is not null`,
  );
  return found.map((r) => r.id);
}

/** The pass as the app runs it before serving: a line in the log when it changed anything. */
export async function sealTaxNumbersAtStart(ctx: AppContext): Promise<void> {
  const result = await sealTaxNumbers(ctx.db, ctx.keyring);
  if (result.sealed + result.resealed > 0)
    ctx.log.info(
      { ...result, keyId: ctx.keyring.current.id },
      'tax numbers sealed with the current data key',
    );
}
