// Baseline for the API benchmark (bench/api.bench.ts): a bare Fastify app, defaults only (no logger,
// no plugins), answering GET / with {success:true}. Listens on 127.0.0.1:PORT (0 picks a free port)
// and prints {"port":N} on stdout once ready. Exits on SIGINT/SIGTERM, and when its stdin closes, so
// it never outlives the benchmark that started it.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ success: true }));

let closing = false;
async function shutdown(code: number) {
  if (closing) return;
  closing = true;
  setTimeout(() => process.exit(code), 2_000).unref();
  await app.close().catch(() => {});
  process.exit(code);
}
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));
process.stdin.on('end', () => void shutdown(0));
process.stdin.on('error', () => void shutdown(0));
process.stdin.resume();

const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(JSON.stringify({ port: Number(new URL(address).port) }));
