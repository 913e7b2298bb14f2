import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// src/domain/reference/plain-formats.ts writes local dates and times by hand (ADR 042); its own
// tests compare it with Intl in UTC. In the browser's own zone, Date's getters and Intl's default
// zone are the process's, set when it starts (a worker thread does not follow a later change of
// TZ), so each zone here runs in a process of its own; there, UTC is read as UTC too.
const ZONES = ['UTC', 'America/Los_Angeles', 'America/Toronto', 'Australia/Lord_Howe', 'Pacific/Chatham'];

describe('local dates and times written by hand', () => {
  it.each(ZONES)('writes local dates and times as Intl does, in a process whose zone is %s', (zone) => {
    const script = `
      import fc from 'fast-check';
      import { formatMediumDate, formatMediumDateTime, formatShortTime } from './src/domain/reference/plain-formats.ts';
      const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
      const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
      const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
      const utcDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
      fc.assert(fc.property(fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), (d) =>
        formatMediumDateTime(d) === dateTime.format(d) && formatMediumDate(d) === dateOnly.format(d) && formatShortTime(d) === time.format(d) &&
        formatMediumDateTime(d, { utc: true }) === utcDateTime.format(d)), { numRuns: 2000 });
      console.log(Intl.DateTimeFormat().resolvedOptions().timeZone);`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, TZ: zone },
      encoding: 'utf8',
    });
    expect(out.trim()).toBe(zone);
  });
});
