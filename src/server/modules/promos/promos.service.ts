import { type Action, can } from '@domain/auth/permissions';
import { issueInWords } from '@domain/promos/issue-words';
import { type PromoRule, promoRuleSchema } from '@domain/promos/rule';
import {
  type BulkChange,
  type BulkUpdateRequest,
  bulkChanges,
  compileStored,
  type DeployRuleRequest,
  type EditRuleRequest,
  type FirestoreSeconds,
  PROMO_MESSAGES,
  type PromoCollection,
  type PromoIssue,
  type PromoRuleRecord,
  parseSkuList,
  type RescheduleRequest,
  type ScheduledDeploy,
  sameRuleContent,
} from '@domain/promos/tool';
import type { z } from 'zod';
import { type Actor, recordChange } from '../../platform/audit';
import { type AppContext, actorOf } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { assertFieldWrites } from '../../platform/field-guard';
import type { StaffPrincipal } from '../../platform/sessions';
import { activeRulesOf } from '../carts/active-rules';
import * as repo from './promos.repo';

// Promo service (spec 3 §5–§8, DESIGN §4): every write checks the collection's permission on the
// server, runs in one transaction with its promos-log change event, and refuses a rule that does
// not compile with its errors and nothing written.

const AUDIT = 'promos-log';

/** A save refused with the rule's errors (spec 3 §5: errors kept, message shown as an alert). */
export class RuleErrors extends AppError {
  constructor(readonly errors: PromoIssue[]) {
    super(
      400,
      errors.length === 1 ? errors[0]!.message : `The rule has ${errors.length} errors`,
      'BAD_REQUEST',
      errors,
    );
  }
}

/** What a collection's writes need (DESIGN §4). */
export function actionFor(collection: PromoCollection): Action {
  if (collection === 'drafts') return 'promos.edit';
  if (collection === 'pending') return 'promos.publish';
  return 'promos.deploy';
}

function need(staff: StaffPrincipal, action: Action) {
  if (!can(staff, action)) throw forbidden(PROMO_MESSAGES.insufficient);
}

const secondsOf = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/** What the rule's delayed deploy publishes, and whether the rule was saved differently since. */
function scheduledOf(
  row: repo.PromoRow,
  version: repo.VersionRow | null | undefined,
): ScheduledDeploy | null {
  if (!version || !row.publishToProd) return null;
  return {
    versionId: version.id,
    publishAt: secondsOf(row.publishToProd)!,
    savedAt: version.savedAt.toISOString(),
    savedBy: version.savedBy,
    rule: version.rule,
    tags: version.tags,
    timestamps: version.timestamps,
    changedSince: !sameRuleContent(version, row),
  };
}

export function toRecord(row: repo.PromoRow, scheduled?: repo.VersionRow | null): PromoRuleRecord {
  const rule = row.rule as Partial<PromoRule>;
  const publish = secondsOf(row.publishToProd);
  return {
    collection: row.collection,
    name: row.name,
    typeId: row.typeId,
    active: row.active,
    priority: row.priority,
    stop: rule.stop === true,
    regionId: rule.regionId ?? [],
    userTypes: rule.userTypes ?? [],
    tags: row.tags,
    timestamps: row.timestamps,
    publishToProd: publish === null ? {} : { _seconds: publish },
    rule: row.rule,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
    scheduled: scheduledOf(row, scheduled),
  };
}

/** Records with their delayed deploy's snapshot (one read for all of them). */
export async function recordsOf(db: DbOrTx, rows: readonly repo.PromoRow[]): Promise<PromoRuleRecord[]> {
  const ids = rows.flatMap((r) => (r.scheduledVersionId && r.publishToProd ? [r.scheduledVersionId] : []));
  const versions = new Map((await repo.versionsByIds(db, ids)).map((v) => [v.id, v]));
  return rows.map((r) => toRecord(r, r.scheduledVersionId ? versions.get(r.scheduledVersionId) : null));
}

export async function recordOf(db: DbOrTx, row: repo.PromoRow): Promise<PromoRuleRecord> {
  return (await recordsOf(db, [row]))[0]!;
}

/** What the change log keeps of a rule version. */
const snapshot = (row: repo.PromoRow | null) =>
  row
    ? {
        rule: row.rule,
        tags: row.tags,
        timestamps: row.timestamps,
        publishToProd: row.publishToProd,
      }
    : {};

const entityId = (collection: PromoCollection, name: string) => `${collection}/${name}`;

export async function rulesByCollection(ctx: AppContext, prod: boolean) {
  const rows = await repo.listRules(
    ctx.db,
    prod ? ['drafts', 'pending', 'active', 'production'] : ['drafts', 'pending', 'active'],
  );
  const records = await recordsOf(ctx.db, rows);
  const of = (c: PromoCollection) => records.filter((r) => r.collection === c);
  return {
    drafts: of('drafts'),
    pending: of('pending'),
    active: of('active'),
    ...(prod ? { 'promo-rules-prod': of('production') } : {}),
  };
}

export async function pendingRules(ctx: AppContext) {
  return recordsOf(ctx.db, await repo.listRules(ctx.db, ['pending']));
}

/** GET /promorules: the engine form of every live rule, for the cart engine. */
export async function cartRules(ctx: AppContext): Promise<Record<string, unknown>[]> {
  return (await repo.liveRules(ctx.db)).map((r) => r.rule);
}

export function compileOrThrow(input: unknown): { rule: PromoRule; stored: Record<string, unknown> } {
  const { rule, errors } = compileStored(input);
  if (!rule) throw new RuleErrors(errors);
  return { rule, stored: input as Record<string, unknown> };
}

function storedExtras(stored: Record<string, unknown>) {
  const tags = Array.isArray(stored.tags)
    ? stored.tags.filter((t): t is string => typeof t === 'string')
    : [];
  const timestamps = (stored.timestamps ?? {}) as Record<string, FirestoreSeconds>;
  const publish = stored.publishToProd as { _seconds?: number } | undefined;
  const publishToProd =
    publish && typeof publish._seconds === 'number' ? new Date(publish._seconds * 1000) : null;
  return { tags: [...new Set(tags.map((t) => t.trim()).filter(Boolean))], timestamps, publishToProd };
}

/**
 * The version a delayed deploy publishes after a write (ADR 032): none without a publish date; the
 * version just written when the date is set or changed, or the deploy is re-scheduled; otherwise the
 * one already scheduled, so an edit after scheduling (a save, a bulk update, a restore) does not
 * change what goes live.
 */
export function scheduledVersionAfter(
  existing: Pick<repo.PromoRow, 'publishToProd' | 'scheduledVersionId'> | null,
  publishToProd: Date | null,
  written: number,
  reschedule: boolean,
): number | null {
  if (!publishToProd) return null;
  if (reschedule || !existing?.publishToProd || existing.scheduledVersionId === null) return written;
  return existing.publishToProd.getTime() === publishToProd.getTime() ? existing.scheduledVersionId : written;
}

/**
 * Writes one rule with its promos-log event and its version (rule history), in the caller's
 * transaction. A rule on file from before the history was kept gets that version first.
 */
export async function write(
  tx: DbOrTx,
  who: StaffPrincipal | Actor,
  collection: PromoCollection,
  existing: repo.PromoRow | null,
  values: Omit<repo.RuleValues, 'updatedBy'>,
  action: string,
  { reschedule = false }: { reschedule?: boolean } = {},
) {
  const actor = 'sessionId' in who ? actorOf(who) : who;
  if (existing && !(await repo.hasVersion(tx, collection, existing.name)))
    await repo.addVersion(tx, existing, 'promo.onFile', existing.updatedBy ?? 'unknown', existing.updatedAt);
  const written = await repo.upsertRule(tx, collection, existing, { ...values, updatedBy: actor.email });
  await repo.addTags(tx, values.tags);
  const versionId = await repo.addVersion(tx, written, action, actor.email, written.updatedAt);
  const scheduledVersionId = scheduledVersionAfter(existing, values.publishToProd, versionId, reschedule);
  if (scheduledVersionId !== written.scheduledVersionId)
    await repo.setScheduledVersion(tx, written.id, scheduledVersionId);
  const row = { ...written, scheduledVersionId };
  await recordChange(tx, {
    collection: AUDIT,
    entityId: entityId(collection, row.name),
    action,
    actor,
    before: snapshot(existing),
    after: snapshot(row),
  });
  return row;
}

/** POST /cs/promo/editRule {collection, rule}. */
export async function editRule(ctx: AppContext, staff: StaffPrincipal, input: EditRuleRequest) {
  need(staff, actionFor(input.collection));
  const { rule, stored } = compileOrThrow(input.rule);
  const extras = storedExtras(stored);
  const record = await ctx.db.transaction(async (tx) => {
    const existing = await repo.lockRule(tx, input.collection, rule.name);
    // Switching a rule on or off, and the delayed-deploy date, need junoAccess (spec 3 §5–§6).
    assertFieldWrites(
      staff,
      'promoRule',
      { active: existing?.active ?? false, publishToProd: secondsOf(existing?.publishToProd ?? null) },
      { active: rule.active, publishToProd: secondsOf(extras.publishToProd) },
      PROMO_MESSAGES.insufficient,
    );
    const row = await write(
      tx,
      staff,
      input.collection,
      existing,
      { name: rule.name, rule, ...extras },
      existing ? 'promo.update' : 'promo.create',
    );
    return recordOf(tx, row);
  });
  if (input.collection === 'active') cartsSeeDeploy(ctx);
  return record;
}

/**
 * POST /cs/promos/reschedule {collection, name}: the delayed deploy publishes the rule as it is
 * saved now (ADR 032). Choosing what goes live to production needs junoAccess, as setting the date does.
 */
export async function reschedule(ctx: AppContext, staff: StaffPrincipal, input: RescheduleRequest) {
  need(staff, 'promos.deploy');
  return ctx.db.transaction(async (tx) => {
    const row = await repo.lockRule(tx, input.collection, input.name);
    if (!row) throw notFound(`No rule named ${input.name} in ${input.collection}.`);
    if (!row.publishToProd) throw badRequest(`${row.name} has no delayed deploy to re-schedule.`);
    const values = {
      name: row.name,
      rule: promoRuleSchema.parse(row.rule),
      tags: row.tags,
      timestamps: row.timestamps,
      publishToProd: row.publishToProd,
    };
    const written = await write(tx, staff, row.collection, row, values, 'promo.reschedule', {
      reschedule: true,
    });
    return recordOf(tx, written);
  });
}

/** What a deploy copies: the rule as it is, or (delayed deploy) the version scheduled. */
export type DeployContent = Pick<repo.PromoRow, 'rule' | 'tags' | 'timestamps'>;

/**
 * Copies a rule to production (and, with `active`, to the active collection switched on). The
 * copies carry no publish date: the deploy has happened. `content` is what is copied (by default
 * the rule as it is now); the rule deployed from keeps its own content and loses its publish date.
 */
export async function deploy(
  tx: DbOrTx,
  who: StaffPrincipal | Actor,
  from: repo.PromoRow,
  active: boolean,
  action = 'promo.deploy',
  content: DeployContent = from,
): Promise<repo.PromoRow> {
  const source = promoRuleSchema.parse(content.rule);
  const values = {
    name: from.name,
    tags: content.tags,
    timestamps: content.timestamps,
    publishToProd: null,
  };
  const prod = await repo.lockRule(tx, 'production', from.name);
  const row = await write(tx, who, 'production', prod, { ...values, rule: source }, action);
  if (active) {
    const live = await repo.lockRule(tx, 'active', from.name);
    await write(tx, who, 'active', live, { ...values, rule: { ...source, active: true } }, action);
  }
  // A deploy spends the rule's publish date: the delayed deploy must not copy it again later.
  if (from.publishToProd && from.collection !== 'production') {
    const spent = {
      name: from.name,
      rule: promoRuleSchema.parse(from.rule),
      tags: from.tags,
      timestamps: from.timestamps,
      publishToProd: null,
    };
    await write(tx, who, from.collection, from, spent, action);
  }
  return row;
}

/** Carts in this process see a deploy at once; other processes within their one-second check. */
export function cartsSeeDeploy(ctx: Pick<AppContext, 'db'>) {
  activeRulesOf(ctx.db).invalidate();
}

/** POST /cs/promo/deployRule {collection, rule, active}. */
export async function deployRule(
  ctx: AppContext,
  staff: StaffPrincipal,
  input: z.output<typeof DeployRuleRequest>,
) {
  need(staff, 'promos.deploy');
  const record = await ctx.db.transaction(async (tx) => {
    const from = await repo.lockRule(tx, input.collection, input.rule.name);
    if (!from) throw notFound(`No rule named ${input.rule.name} in ${input.collection}.`);
    return recordOf(tx, await deploy(tx, staff, from, input.active));
  });
  cartsSeeDeploy(ctx);
  return record;
}

/** POST /cs/promos/{id}/deploy: the pending rule of that name to production. */
export async function deployByName(ctx: AppContext, staff: StaffPrincipal, name: string) {
  need(staff, 'promos.deploy');
  const record = await ctx.db.transaction(async (tx) => {
    const from = (await repo.lockRule(tx, 'pending', name)) ?? (await repo.lockRule(tx, 'drafts', name));
    if (!from) throw notFound(`No pending rule named ${name}.`);
    return recordOf(tx, await deploy(tx, staff, from, false));
  });
  cartsSeeDeploy(ctx);
  return record;
}

/** POST /cs/promos/create {data, collection}: the business form, to pending, drafts or production. */
export async function createPromo(
  ctx: AppContext,
  staff: StaffPrincipal,
  input: { data: Record<string, unknown>; collection: 'pending' | 'drafts' | 'production' },
): Promise<{ record: PromoRuleRecord; message: string }> {
  need(staff, input.collection === 'production' ? 'promos.deploy' : 'promos.publish');
  const { rule, stored } = compileOrThrow(input.data);
  const extras = storedExtras(stored);
  // A new rule starts off and unscheduled: switching it on or dating its deploy needs junoAccess.
  assertFieldWrites(
    staff,
    'promoRule',
    { active: false, publishToProd: null },
    { active: rule.active, publishToProd: secondsOf(extras.publishToProd) },
    PROMO_MESSAGES.insufficient,
  );
  return ctx.db.transaction(async (tx) => {
    const existing = await repo.lockRule(tx, input.collection, rule.name);
    if (existing) throw conflict(`A rule named ${existing.name} already exists in ${input.collection}.`);
    const row = await write(
      tx,
      staff,
      input.collection,
      null,
      { name: rule.name, rule, ...extras },
      'promo.create',
    );
    const message =
      input.collection === 'pending'
        ? PROMO_MESSAGES.createdPending(rule.name)
        : input.collection === 'drafts'
          ? PROMO_MESSAGES.createdDrafts(rule.name)
          : PROMO_MESSAGES.createdProduction(rule.name);
    return { record: await recordOf(tx, row), message };
  });
}

/** POST /cs/promos/bulkUpdate {action, field, rules, skus}: preview or apply, all or nothing. */
export async function bulkUpdate(
  ctx: AppContext,
  staff: StaffPrincipal,
  input: z.output<typeof BulkUpdateRequest>,
): Promise<{ changes: BulkChange[]; message: string }> {
  const skus = parseSkuList(input.skus);
  if (skus.length === 0) throw badRequest('Enter at least one SKU');
  for (const c of new Set(input.rules.map((r) => r.collection))) need(staff, actionFor(c));
  const answer = await ctx.db.transaction(async (tx) => {
    const rows: repo.PromoRow[] = [];
    for (const ref of input.rules) {
      const row = await repo.lockRule(tx, ref.collection, ref.name);
      if (!row) throw notFound(`No rule named ${ref.name} in ${ref.collection}.`);
      rows.push(row);
    }
    const changes = bulkChanges(rows, input.action, input.field, skus);
    if (input.preview) return { changes, message: '' };
    for (const change of changes) {
      const row = rows.find((r) => r.collection === change.collection && r.name === change.name)!;
      const parsed = promoRuleSchema.safeParse({ ...row.rule, [change.field]: change.after });
      if (!parsed.success) {
        throw new RuleErrors(
          parsed.error.issues.map((i) => {
            const said = issueInWords(i);
            return { path: `${row.name}.${said.path}`, message: `${row.name}: ${said.message}` };
          }),
        );
      }
      await write(
        tx,
        staff,
        row.collection,
        row,
        {
          name: row.name,
          rule: parsed.data,
          tags: row.tags,
          timestamps: row.timestamps,
          publishToProd: row.publishToProd,
        },
        'promo.bulkUpdate',
      );
    }
    return { changes, message: PROMO_MESSAGES.bulkUpdated(changes.map((c) => c.name)) };
  });
  if (!input.preview && input.rules.some((r) => r.collection === 'active')) cartsSeeDeploy(ctx);
  return answer;
}

export const tags = (ctx: AppContext) => repo.tagNames(ctx.db);
