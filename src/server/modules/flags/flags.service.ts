import { FEATURE_FLAGS, type FeatureFlag, type FeatureFlagName } from '@domain/platform/feature-flags';
import { asc, eq, sql } from 'drizzle-orm';
import { featureFlags } from '../../db/schema';
import { recordChange } from '../../platform/audit';
import { type AppContext, actorOf } from '../../platform/context';
import type { DbOrTx } from '../../platform/db';
import { forbidden, notFound } from '../../platform/errors';
import type { StaffPrincipal } from '../../platform/sessions';

/** Flags on when a database is first set up. */
const DEFAULT_ON: FeatureFlagName[] = ['incentives', 'membershipManualUpgrade', 'catalogCache'];

/** Adds any flag the code knows and the database does not have yet (never changes existing ones). */
export async function ensureFlags(db: DbOrTx): Promise<void> {
  const values = Object.entries(FEATURE_FLAGS).map(([name, description]) => ({
    name,
    description,
    enabled: DEFAULT_ON.includes(name as FeatureFlagName),
  }));
  await db
    .insert(featureFlags)
    .values(values)
    .onConflictDoUpdate({ target: featureFlags.name, set: { description: sql`excluded.description` } });
}

const toFlag = (row: typeof featureFlags.$inferSelect): FeatureFlag => ({
  name: row.name,
  enabled: row.enabled,
  description: row.description,
  updatedAt: row.updatedAt.toISOString(),
  updatedBy: row.updatedBy,
});

export async function listFlags(ctx: AppContext): Promise<FeatureFlag[]> {
  const rows = await ctx.db.select().from(featureFlags).orderBy(asc(featureFlags.name));
  return rows.map(toFlag);
}

export async function isFlagOn(db: DbOrTx, name: FeatureFlagName): Promise<boolean> {
  const [row] = await db
    .select({ enabled: featureFlags.enabled })
    .from(featureFlags)
    .where(eq(featureFlags.name, name));
  return row?.enabled ?? false;
}

/** The flags dialog exists outside production only (spec 1 §2 Shell). */
export const flagsEditable = (ctx: AppContext) => ctx.config.appEnv !== 'production';

export async function setFlag(
  ctx: AppContext,
  staff: StaffPrincipal,
  name: string,
  enabled: boolean,
): Promise<FeatureFlag> {
  if (!flagsEditable(ctx)) throw forbidden('Feature flags cannot be changed from the app in production.');
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(featureFlags).where(eq(featureFlags.name, name));
    if (!before) throw notFound(`No feature flag named ${name}.`);
    const [after] = await tx
      .update(featureFlags)
      .set({ enabled, updatedAt: new Date(), updatedBy: staff.email })
      .where(eq(featureFlags.name, name))
      .returning();
    await recordChange(tx, {
      collection: 'flags-log',
      entityId: name,
      action: 'flag.set',
      actor: actorOf(staff),
      before: { enabled: before.enabled },
      after: { enabled },
    });
    return toFlag(after!);
  });
}
