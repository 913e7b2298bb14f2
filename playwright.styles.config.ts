import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// `npm run styles:collect`: the built app's screens, walked in Chromium by one worker in a fixed
// order, record the styles MUI's components insert (tests/styles/collect-styles.spec.ts) into
// src/web/app/theme/built-styles.generated.css, which the build ships (scripts/built-styles.ts, ADR 048).
export default defineConfig({
  ...base,
  testDir: 'tests/styles',
  workers: 1,
  fullyParallel: false,
  timeout: 900_000,
  expect: { timeout: 15_000 },
});
