import { can } from '@domain/auth/permissions';
import { type PromoRuleVersion, RESTORE_MESSAGE, withDifferences } from '@domain/promos/history';
import { promoRuleSchema } from '@domain/promos/rule';
import type { PromoRuleRecord } from '@domain/promos/tool';
import { PROMO_MESSAGES } from '@domain/promos/tool';
import type { AppContext } from '../../platform/context';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { StaffPrincipal } from '../../platform/sessions';
import * as repo from './promos.repo';
import { recordOf, write } from './promos.service';

// Rule history (spec 3 §2 Promo tool, ADR 012): the versions every save records (promos.repo addVersion, written by the
// service's `write` beside the promos-log event), compared version to version, and restored into
// drafts as a new save.

const seconds = (d: Date | null): PromoRuleVersion['publishToProd'] =>
  d ? { _seconds: Math.floor(d.getTime() / 1000) } : {};

function toVersion(row: repo.VersionRow): Omit<PromoRuleVersion, 'previousId' | 'differences'> {
  return {
    id: row.id,
    collection: row.collection,
    name: row.name,
    action: row.action,
    rule: row.rule,
    tags: row.tags,
    timestamps: row.timestamps,
    publishToProd: seconds(row.publishToProd),
    savedBy: row.savedBy,
    savedAt: row.savedAt.toISOString(),
  };
}

/** GET /cs/promos/{name}/history: every version of the rule, newest first, each with its diff. */
export async function ruleHistory(
  ctx: AppContext,
  name: string,
): Promise<{ name: string; versions: PromoRuleVersion[] }> {
  const rows = await repo.versionsOf(ctx.db, name);
  if (rows.length === 0) throw notFound(`No saved versions of a rule named ${name}.`);
  return { name: rows[rows.length - 1]!.name, versions: withDifferences(rows.map(toVersion)) };
}

/**
 * POST /cs/promos/{name}/restore {versionId}: the version's rule, tags and timestamps become the
 * draft of that name (a new version; audited). The draft keeps its own on/off switch and publish
 * date (a new draft is off, with none): restoring never switches a rule on or schedules a deploy,
 * so promoAccess is enough (spec 3 §5–§6).
 */
export async function restoreVersion(
  ctx: AppContext,
  staff: StaffPrincipal,
  name: string,
  versionId: number,
): Promise<{ record: PromoRuleRecord; message: string }> {
  if (!can(staff, 'promos.edit')) throw forbidden(PROMO_MESSAGES.insufficient);
  const version = await repo.versionById(ctx.db, versionId);
  if (!version || version.nameKey !== name.toLowerCase())
    throw notFound(`No version ${versionId} of a rule named ${name}.`);
  const parsed = promoRuleSchema.safeParse(version.rule);
  if (!parsed.success) throw badRequest('That version is not a valid rule and cannot be restored.');
  const record = await ctx.db.transaction(async (tx) => {
    const draft = await repo.lockRule(tx, 'drafts', version.name);
    const row = await write(
      tx,
      staff,
      'drafts',
      draft,
      {
        name: version.name,
        rule: { ...parsed.data, active: draft?.active ?? false },
        tags: version.tags,
        timestamps: version.timestamps,
        publishToProd: draft?.publishToProd ?? null,
      },
      'promo.restore',
    );
    return recordOf(tx, row);
  });
  return { record, message: RESTORE_MESSAGE(record.name) };
}
