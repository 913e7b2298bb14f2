import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `docker stop` and service managers send SIGTERM to the process they started, here `npm start`.
// The server must be the process that gets it and stop with it: nothing may keep answering
// after npm has exited.

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bo-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const answers = async (port: number) => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
  } catch {
    return false;
  }
};

describe('npm start', { timeout: 240_000 }, () => {
  it('stops the server itself on SIGTERM: npm exits and nothing keeps answering', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_ACCOUNTS: '5', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    npm.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (output.includes('Ready in')) {
          clearInterval(timer);
          resolve();
        }
      }, 100);
      void exited.then(() => {
        clearInterval(timer);
        reject(new Error(`npm start exited early:\n${output}`));
      });
    });
    expect(await answers(port)).toBe(true);

    npm.kill('SIGTERM');
    await exited;
    // The server logged its own shutdown: it received the signal, not only npm.
    expect(output).toMatch(/shutting down/);
    expect(output).toContain('SIGTERM');
    for (let i = 0; i < 10; i++) {
      expect(await answers(port)).toBe(false);
      await new Promise((r) => setTimeout(r, 100));
    }
  });
});
