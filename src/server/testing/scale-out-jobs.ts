import { appendFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { jobHandlers } from '../platform/workers';

/**
 * Loaded into the app processes of the scale-out test only (`node --import tsx --import <this>
 * src/server/main.ts`): a job kind that notes in SCALE_OUT_LOG which process started and
 * finished each job, and holds the job `holdMs` in between, so the test can count the runs of
 * every job across processes and kill a process in the middle of one.
 */
const logFile = process.env.SCALE_OUT_LOG;
if (logFile) {
  const note = (what: string, jobId: number) =>
    appendFileSync(logFile, `${JSON.stringify({ what, jobId: Number(jobId), pid: process.pid })}\n`);
  jobHandlers['test.scaleOut'] = async (payload, ctx) => {
    note('start', ctx.jobId);
    const holdMs = typeof payload.holdMs === 'number' ? payload.holdMs : 0;
    if (holdMs > 0) await delay(holdMs);
    note('done', ctx.jobId);
    return { pid: process.pid };
  };
}
