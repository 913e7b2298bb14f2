// The explanation the promo tool shows for every rule (DESIGN §6): applied (times, lines, amount)
// or not applied with the first failing condition as a code and a sentence.
import type { CompiledRule } from './compile';
import type { Applied } from './state';
import type { RuleExplanation } from './types';
import type { Failure } from './validity';

export function appliedExplanation(c: CompiledRule, a: Applied): RuleExplanation {
  return {
    promo: c.rule.name,
    ruleType: c.rule.id,
    priority: c.rule.priority,
    applied: true,
    times: a.times,
    lines: [...new Set([...a.lines].sort((x, y) => x.seq - y.seq).map((l) => l.key))],
    amount: a.amount,
  };
}

export function notAppliedExplanation(c: CompiledRule, f: Failure): RuleExplanation {
  return {
    promo: c.rule.name,
    ruleType: c.rule.id,
    priority: c.rule.priority,
    applied: false,
    code: f.code,
    message: f.message,
  };
}

export function stoppedBy(stop: CompiledRule): Failure {
  return {
    code: 'stopped',
    message: `Halted by ${stop.rule.name} (priority ${stop.rule.priority}), which stops lower priorities.`,
  };
}
