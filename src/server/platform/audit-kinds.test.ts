import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { hasOwnSentence } from '@domain/audit/sentences';
import { ACTIONS } from '@domain/auth/permissions';
import { describe, expect, it } from 'vitest';

// Every kind of change event the server writes reads as a sentence of its own on the audit
// screens: a writer that adds a kind without one fails here, not in front of a team lead.

const MODULES = path.resolve(import.meta.dirname, '../modules');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The action names written literally (`action: 'order.cancel'`, `updateAccount(tx, staff, before, 'account.type'`). */
function writtenActions(): Set<string> {
  const permission = new Set<string>([...ACTIONS, 'public', 'session', 'customerView', 'deny']);
  const found = new Set<string>();
  for (const file of sources(MODULES)) {
    const text = readFileSync(file, 'utf8');
    for (const line of text.split('\n')) {
      if (line.includes('config:')) continue;
      for (const m of line.matchAll(/\baction: '([A-Za-z][\w.-]*)'/g))
        if (!permission.has(m[1]!)) found.add(m[1]!);
    }
    const calls =
      /\b(?:updateAccount|recordAccountEvent|moveCountry)\(([^()]|\([^()]*\))*?'([a-z]+\.[\w.-]+)'/g;
    for (const m of text.matchAll(calls)) found.add(m[2]!);
  }
  return found;
}

describe('change event kinds', () => {
  it('finds the kinds the writers name', () => {
    const actions = writtenActions();
    for (const a of [
      'productCredit.adjust',
      'order.cancel',
      'account.type',
      'account.taxNumber',
      'email.termsAcceptance',
    ])
      expect(actions).toContain(a);
  });

  it('gives each kind the server writes a sentence of its own', () => {
    const missing = [...writtenActions()].filter((a) => !hasOwnSentence(a));
    expect(missing).toEqual([]);
  });
});
