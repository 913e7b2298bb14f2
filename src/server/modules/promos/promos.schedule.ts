import type { FastifyBaseLogger } from 'fastify';
import { type Actor, recordChange } from '../../platform/audit';
import type { Db, Tx } from '../../platform/db';
import type { WorkerSpec } from '../../platform/workers';
import * as repo from './promos.repo';
import { cartsSeeDeploy, deploy } from './promos.service';

// Delayed deploy (spec 3 §4–§6, ADR 012): a rule saved with a publish date (publishToProd, set only
// with junoAccess) is deployed at that time by a worker every process runs. A pass claims due rules
// with FOR UPDATE SKIP LOCKED and, in the same transaction, does what a manual deploy to production
// does (copies the rule to production as it is; the active collection is not touched, ADR 012) and
// clears its publish date: a rule another worker holds is skipped, and a committed one no longer
// matches, so each is deployed exactly once. Audited as promo.scheduledDeploy by the delayed-deploy
// actor.

export const SCHEDULED_DEPLOY_ACTOR: Actor = {
  id: 'system',
  email: 'system',
  name: 'Delayed deploy',
  authType: 'system',
};
const ACTION = 'promo.scheduledDeploy';
const BATCH = 20;

async function deployOne(tx: Tx, row: repo.PromoRow) {
  // Exactly the manual deploy to production (deployRule without "also set active"), which also
  // spends the rule's publish date, of the version scheduled (ADR 032): edits made after scheduling
  // stay in the rule and do not go live. A date set before versions were scheduled deploys the rule.
  const [version] = row.scheduledVersionId ? await repo.versionsByIds(tx, [row.scheduledVersionId]) : [];
  await deploy(tx, SCHEDULED_DEPLOY_ACTOR, row, false, ACTION, version ?? row);
}

/**
 * One pass: deploys every rule whose publish date is at or before `now`; answers how many were
 * claimed. A rule that cannot be deployed (not in engine form) loses its date, with the reason in
 * the promos-log, rather than being retried every second.
 */
export async function deployDueRules(db: Db, log: FastifyBaseLogger, now: Date = new Date()) {
  const outcome = await db.transaction(async (tx) => {
    const due = await repo.claimDueRules(tx, now, BATCH);
    const deployed: string[] = [];
    for (const row of due) {
      try {
        await tx.transaction((sp) => deployOne(sp, row));
        deployed.push(`${row.collection}/${row.name}`);
      } catch (err) {
        log.error({ err, rule: `${row.collection}/${row.name}` }, 'delayed deploy of a promo rule failed');
        await repo.clearPublishDate(tx, row.id);
        await recordChange(tx, {
          collection: 'promos-log',
          entityId: `${row.collection}/${row.name}`,
          action: 'promo.scheduledDeployFailed',
          actor: SCHEDULED_DEPLOY_ACTOR,
          before: { publishToProd: row.publishToProd },
          after: { publishToProd: null, error: err instanceof Error ? err.message : String(err) },
        });
      }
    }
    return { claimed: due.length, deployed };
  });
  if (outcome.deployed.length > 0) {
    cartsSeeDeploy({ db });
    log.info({ rules: outcome.deployed }, 'promo rules deployed on their publish date');
  }
  return outcome.claimed;
}

/** The delayed-deploy worker (WORKERS=off turns it off with the others). */
export function promoDeployWorker(clock: () => Date = () => new Date()): WorkerSpec {
  return {
    name: 'promo-deploy',
    intervalMs: 1000,
    tick: ({ db, log }) => deployDueRules(db, log, clock()),
  };
}
