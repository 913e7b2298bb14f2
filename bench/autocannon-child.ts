// autocannon in a process of its own (bench/load-generator.ts starts it when wrk is not installed):
// takes a LoadRun as JSON in argv[2], prints one LoadResult JSON line.
import autocannon from 'autocannon';
import type { LoadResult, LoadRun } from './load-generator';

const run = JSON.parse(process.argv[2] ?? '{}') as LoadRun;
const result = await autocannon({
  url: run.base,
  connections: run.connections,
  duration: run.seconds,
  pipelining: 1,
  timeout: 10,
  requests: run.paths.map((path) => ({ method: 'GET', path, headers: run.headers })),
});
const out: LoadResult = {
  reqPerSec: Math.round(result.requests.total / (result.duration || run.seconds)),
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  requests: result.requests.total,
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
  shed:
    (result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats?.['503']?.count ?? 0,
};
console.log(JSON.stringify(out));
