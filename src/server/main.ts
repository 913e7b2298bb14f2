import { startupFailure } from './platform/startup-errors';
import { startServer } from './server';

// The server alone, on a database that is there (no build, no demo load): `npm run dev`, the
// benchmarks and the scale-out test; `npm start` is scripts/start.ts.
startServer().catch((err) => {
  console.error(startupFailure(err));
  process.exit(1);
});
