import { type CompiledRules, compileRules, giftSkusOf, type VolumeTables } from '@domain/pricing';
import { type PromoRule, promoRuleSchema } from '@domain/promos/rule';
import { and, desc, eq, sql } from 'drizzle-orm';
import { promoRules, specialVolumeSkus } from '../../db/schema';
import type { Db } from '../../platform/db';

// The active promo rules the carts price against (spec 2 §4 automatic promo flow), compiled once.
// The promo service owns the rules; carts read the `active` collection through this small cache.
// Freshness: at most once a second a cheap stamp (count and max(updated_at) of the active rules)
// is compared with the compiled set's; a deploy changes the stamp and the next pricing recompiles.
// A cache only: every process reaches the same answer from the database (DESIGN §1).

export interface RuleSet {
  stamp: string;
  compiled: CompiledRules;
  /** Lower-cased promo code → names of the active rules carrying it. */
  rulesByCode: Map<string, string[]>;
  /** SKUs the rules may add (gifts, samples): their prices go to the engine. */
  giftSkus: string[];
  /** Names of the rules limited to one redemption per email (recorded at purchase). */
  limitOnePerEmail: Set<string>;
  volumeTables: VolumeTables;
}

const CHECK_EVERY_MS = 1000;

async function stampOf(db: Db): Promise<string> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int`, at: sql<string | null>`max(${promoRules.updatedAt})::text` })
    .from(promoRules)
    .where(eq(promoRules.collection, 'active'));
  return `${r?.n ?? 0}@${r?.at ?? ''}`;
}

async function load(db: Db, stamp: string, warn: (msg: string) => void): Promise<RuleSet> {
  const found = await db
    .select({ name: promoRules.name, rule: promoRules.rule })
    .from(promoRules)
    .where(and(eq(promoRules.collection, 'active'), eq(promoRules.active, true)))
    .orderBy(desc(promoRules.priority), promoRules.id);
  const rules: PromoRule[] = [];
  for (const r of found) {
    const parsed = promoRuleSchema.safeParse(r.rule);
    if (parsed.success) rules.push(parsed.data);
    else warn(`promo rule ${r.name} is not in engine form; left out of cart pricing`);
  }
  const rulesByCode = new Map<string, string[]>();
  for (const rule of rules) {
    for (const code of rule.code) {
      const key = code.toLowerCase();
      rulesByCode.set(key, [...(rulesByCode.get(key) ?? []), rule.name]);
    }
  }
  const special = await db
    .select({ sku: specialVolumeSkus.sku, list: specialVolumeSkus.list })
    .from(specialVolumeSkus);
  const volumeTables: VolumeTables = {
    fullVolumeSku: special.find((s) => s.list === 'fullVolume')?.sku ?? null,
    listA: special.filter((s) => s.list === 'listA').map((s) => s.sku),
    listB: special.filter((s) => s.list === 'listB').map((s) => s.sku),
  };
  return {
    stamp,
    compiled: compileRules(rules),
    rulesByCode,
    giftSkus: giftSkusOf(rules),
    limitOnePerEmail: new Set(rules.filter((r) => r.limitOnePerEmail).map((r) => r.name)),
    volumeTables,
  };
}

export class ActiveRules {
  private current: RuleSet | null = null;
  private checkedAt = 0;
  private pending: Promise<RuleSet> | null = null;

  constructor(
    private readonly db: Db,
    private readonly warn: (msg: string) => void = () => {},
  ) {}

  /** The compiled active rules, rechecked at most once a second. */
  async get(): Promise<RuleSet> {
    if (this.current && Date.now() - this.checkedAt < CHECK_EVERY_MS) return this.current;
    this.pending ??= this.refresh().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** Forget the freshness window (after a deploy in this process, or in tests). */
  invalidate(): void {
    this.checkedAt = 0;
  }

  private async refresh(): Promise<RuleSet> {
    const stamp = await stampOf(this.db);
    this.checkedAt = Date.now();
    if (this.current && this.current.stamp === stamp) return this.current;
    this.current = await load(this.db, stamp, this.warn);
    return this.current;
  }
}

const perDb = new WeakMap<Db, ActiveRules>();
export function activeRulesOf(db: Db, warn?: (msg: string) => void): ActiveRules {
  let found = perDb.get(db);
  if (!found) {
    found = new ActiveRules(db, warn);
    perDb.set(db, found);
  }
  return found;
}
