import { loadConfig } from '../platform/config';
import { startupFailure } from '../platform/startup-errors';
import { startServer } from '../server';
import { scaleOutJobsModule } from './scale-out-jobs';

// An app process of the scale-out test (`node --import tsx src/server/testing/scale-out-main.ts`):
// main.ts with the test's job kind when SCALE_OUT_LOG names its log.
const logFile = process.env.SCALE_OUT_LOG;
startServer(loadConfig(), undefined, undefined, logFile ? [scaleOutJobsModule(logFile)] : []).catch((err) => {
  console.error(startupFailure(err));
  process.exit(1);
});
