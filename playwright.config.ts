import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { startMailbox } from './tests/e2e/mailbox';

// Browser tests drive Debian's Chromium against the real server on a fresh embedded database
// with a small demo company.
const PORT = Number(process.env.E2E_PORT ?? 3100);
// Chromium's headless shell (Debian: chromium-headless-shell) is the browser Playwright itself runs
// headless tests in: the same Blink without the full browser's window layers. The whole suite took
// 15.0 min in it against 19.1 min in the full browser, one after the other on this 2-core machine,
// every test passing in both. The full browser when the shell is not installed; CHROMIUM_PATH wins.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `bo-e2e-${Date.now()}`);
// The server's email goes over SMTP to a mailbox the tests read (tests/e2e/mailbox.ts): one-time
// links are only ever in the recipient's mail (ADR 017). The runner starts it; its workers, which
// load this file again, inherit the folder.
const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? PORT + 20000);
if (!process.env.E2E_MAIL_DIR) {
  process.env.E2E_MAIL_DIR = path.join(os.tmpdir(), `bo-e2e-mail-${PORT}-${Date.now()}`);
  startMailbox(process.env.E2E_MAIL_DIR, MAIL_PORT);
}

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // No retry, in CI either: a test that passes only on its second try is a race to fix, not to hide.
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // As `npm start` runs it: the built server, rebuilt first when older than its sources.
    command: 'npm start',
    url: `http://localhost:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR,
      DEMO_ACCOUNTS: '300',
      APP_ENV: 'development',
      LOG_LEVEL: 'warn',
      // The pages carry their first answers (ADR 051) even while two workers keep the server busy:
      // the tests check what a page carries; its 300 ms default wait is checked by the unit tests.
      PAGE_ANSWERS_WAIT_MS: '5000',
      PUBLIC_URL: `http://localhost:${PORT}`,
      SMTP_URL: `smtp://127.0.0.1:${MAIL_PORT}`,
    },
  },
});
