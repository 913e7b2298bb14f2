import type { BrowserContext, Page } from '@playwright/test';

// The rules emotion inserts into its sheet as a page runs, read by the browser test of the built
// styles (built-styles.spec.ts) and recorded by their collection (tests/styles/collect-styles.spec.ts,
// ADR 048).

/**
 * Runs before any of the page's scripts: keeps every rule emotion inserts. With `insertAll`, also
 * takes away the page's list of built styles (which tells emotion they are in already), so that
 * emotion inserts every style the screen makes.
 */
function recordInsertedRules(insertAll: boolean) {
  const rules: string[] = [];
  Object.defineProperty(window, '__insertedRules', { value: rules });
  if (insertAll)
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLStyleElement && node.getAttribute('data-emotion')?.startsWith('css '))
            node.removeAttribute('data-emotion');
    }).observe(document, { childList: true, subtree: true });
  const insertRule = CSSStyleSheet.prototype.insertRule;
  CSSStyleSheet.prototype.insertRule = function (this: CSSStyleSheet, rule: string, index?: number) {
    if (this.ownerNode instanceof Element && this.ownerNode.getAttribute('data-emotion') === 'css')
      rules.push(rule);
    return insertRule.call(this, rule, index);
  };
}

/** Records the rules emotion inserts in every page of `context` from now on. */
export const recordEmotionRules = (context: BrowserContext, { insertAll = false } = {}) =>
  context.addInitScript(recordInsertedRules, insertAll);

/** The rules emotion has inserted since the page loaded or since they were last taken. */
export const takeEmotionRules = (page: Page) =>
  page.evaluate(() => (window as unknown as { __insertedRules: string[] }).__insertedRules.splice(0));
