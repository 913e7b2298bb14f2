import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bo-lock-'));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Another process that takes the folder's lock and holds it until killed. */
function holdInChild(dir: string): Promise<ChildProcess> {
  const lockModule = path.join(import.meta.dirname, 'data-dir-lock.ts');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import(${JSON.stringify(lockModule)}).then(async (m) => { await m.lockDataDir(${JSON.stringify(dir)}); console.log('held'); setInterval(() => {}, 1000); });`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('held')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
}

describe('data folder lock', { timeout: 60_000 }, () => {
  it('refuses a second holder at once, naming the folder and the process that holds it', async () => {
    const dir = tempDir();
    const child = await holdInChild(dir);
    const started = Date.now();
    const attempt = lockDataDir(dir);
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(attempt).rejects.toThrow(new RegExp(`${dir}.*process ${child.pid}`));
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses a second open in the same process too', async () => {
    const dir = tempDir();
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('takes over at once the lock of a holder killed with SIGKILL', async () => {
    const dir = tempDir();
    const child = await holdInChild(dir);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const release = await lockDataDir(dir);
    await release();
  });
});
