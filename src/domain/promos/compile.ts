// A rule as the promo tool checks it (spec 3 §5): the stored form, then the engine form, every
// error kept in words on its path; and the rules the simulator hands the browser, back in engine
// form. The screen loads this when a rule is opened, not with the tool (ADR 044).
import { z } from 'zod';
import { issueInWords } from './issue-words';
import { type PromoRule, promoRuleSchema, storedPromoRuleSchema, storedToEngine } from './rule';
import type { PromoIssue } from './tool-rules';

export interface CompiledStored {
  rule: PromoRule | null;
  errors: PromoIssue[];
}

/**
 * Stored → engine form with every error kept: the stored shape first, then the engine schema
 * (spec 3 §5: the errors are kept for display).
 */
export function compileStored(input: unknown): CompiledStored {
  const stored = storedPromoRuleSchema.safeParse(input);
  if (!stored.success) {
    return {
      rule: null,
      errors: stored.error.issues.map(issueInWords),
    };
  }
  try {
    return { rule: storedToEngine(stored.data), errors: [] };
  } catch (error) {
    if (error instanceof z.ZodError) {
      return { rule: null, errors: error.issues.map(issueInWords) };
    }
    throw error;
  }
}

/** Engine-form check for the JSON editor: every issue with its path. */
export function engineIssues(value: unknown): PromoIssue[] {
  const parsed = promoRuleSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map(issueInWords);
}

/**
 * The browser's side of a simulation: each rule handed over back in engine form (the server leaves
 * out fields at their default, and sends only a stub of the rules that cannot change the cart).
 */
export function rulesFromHandover(rules: readonly unknown[]): PromoRule[] {
  return rules.map((r) => promoRuleSchema.parse(r));
}
