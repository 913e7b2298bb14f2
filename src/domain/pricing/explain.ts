// The explanation the promo tool shows for every rule (DESIGN §6): applied (times, lines, amount)
// or not applied with the first failing condition as a code and a sentence.
import type { WorkLine } from './cart';
import type { CompiledRule } from './compile';
import type { Applied } from './state';
import type { RuleExplanation } from './types';
import type { Failure } from './validity';

export function appliedExplanation(c: CompiledRule, a: Applied): RuleExplanation {
  return {
    promo: c.name,
    ruleType: c.type,
    priority: c.priority,
    applied: true,
    times: a.times,
    lines: lineKeys(a.lines),
    amount: a.amount,
  };
}

export function notAppliedExplanation(c: CompiledRule, f: Failure): RuleExplanation {
  return {
    promo: c.name,
    ruleType: c.type,
    priority: c.priority,
    applied: false,
    code: f.code,
    message: f.message,
  };
}

export function stoppedBy(stop: CompiledRule): Failure {
  stop.memo.stopped ??= {
    code: 'stopped',
    message: `Halted by ${stop.name} (priority ${stop.priority}), which stops lower priorities.`,
  };
  return stop.memo.stopped;
}

/** Keys of the lines a rule touched, in cart creation order, each once. */
function lineKeys(lines: readonly WorkLine[]): string[] {
  if (lines.length === 0) return [];
  if (lines.length === 1) return [(lines[0] as WorkLine).key];
  // Lines a rule touches mostly come in creation order already; only added gift lines can share a key.
  let ordered = true;
  let gifts = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as WorkLine;
    if (line.added) gifts = true;
    if (i > 0 && (lines[i - 1] as WorkLine).seq > line.seq) ordered = false;
  }
  const sorted = ordered ? lines : [...lines].sort((x, y) => x.seq - y.seq);
  // Sized once: a rule can touch a few hundred lines.
  const keys: string[] = new Array(sorted.length);
  let k = 0;
  if (!gifts && ordered) {
    let last: WorkLine | undefined;
    for (let i = 0; i < sorted.length; i++) {
      const line = sorted[i] as WorkLine;
      if (line !== last) keys[k++] = line.key;
      last = line;
    }
  } else {
    const seen = new Set<string>();
    for (const line of sorted) {
      if (seen.has(line.key)) continue;
      seen.add(line.key);
      keys[k++] = line.key;
    }
  }
  keys.length = k;
  return keys;
}
