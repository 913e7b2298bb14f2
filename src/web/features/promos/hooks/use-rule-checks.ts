import type * as compile from '@domain/promos/compile';
import { chunkLoader } from '@web/lib/chunk-load';
import { useEffect, useState } from 'react';

// The rule's checks (spec 3 §5: the stored form, then the engine form, each error in words), the
// server's own. They need zod, so they load when a rule is created or opened, not with the tool
// (ADR 044: forms load their schema on first use). Without them (the network failed to bring them)
// the editor shows no rule errors, and a save is checked by the server, whose errors are shown.

export type RuleChecks = typeof compile;

let loaded: RuleChecks | null = null;

/** The checks, fetched once (with the time limit of any chunk); a failed load is tried again. */
export const loadRuleChecks = chunkLoader(() =>
  import('@domain/promos/compile').then((m) => {
    loaded = m;
    return m;
  }),
);

/** The checks when they have come, else null. */
export const ruleChecks = (): RuleChecks | null => loaded;

/** The checks, asked for once `wanted`; the component renders again when they come. */
export function useRuleChecks(wanted: boolean): RuleChecks | null {
  const [checks, setChecks] = useState(loaded);
  useEffect(() => {
    if (!wanted || checks) return;
    let current = true;
    loadRuleChecks().then(
      (m) => {
        if (current) setChecks(m);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted, checks]);
  return checks;
}
