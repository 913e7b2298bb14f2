import { appendFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import type { ServerModule } from '../platform/server-module';

/**
 * The scale-out test's job kind, added to the app processes of that test only (scale-out-main.ts):
 * it notes in `logFile` (SCALE_OUT_LOG) which process started and finished each job, and holds
 * the job `holdMs` in between, so the test can count the runs of every job across processes and
 * kill a process in the middle of one.
 */
export function scaleOutJobsModule(logFile: string): ServerModule {
  const note = (what: string, jobId: number) =>
    appendFileSync(logFile, `${JSON.stringify({ what, jobId: Number(jobId), pid: process.pid })}\n`);
  return {
    name: 'test-scale-out',
    jobs: {
      'test.scaleOut': async (payload, ctx) => {
        note('start', ctx.jobId);
        const holdMs = typeof payload.holdMs === 'number' ? payload.holdMs : 0;
        if (holdMs > 0) await delay(holdMs);
        note('done', ctx.jobId);
        return { pid: process.pid };
      },
    },
  };
}
