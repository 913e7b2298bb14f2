import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DataKeyError,
  DataKeyring,
  fingerprintId,
  KEY_FILE_NAME,
  loadDataKeyring,
  parseDataKeys,
  sealedKeyId,
} from './data-keys';

const key = (byte: number) => Buffer.alloc(32, byte).toString('base64');
const ring = (text: string) => new DataKeyring(parseDataKeys(text));

describe('data key ring (ADR 022)', () => {
  it('opens what it seals, for any text, and never shows the text in the sealed value', () => {
    const keys = ring(`a:${key(1)}`);
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), fc.string({ maxLength: 30 }), (plain, uid) => {
        const sealed = keys.seal(plain, `accounts.tax_number:${uid}`);
        expect(sealed.startsWith('enc:v1:a:')).toBe(true);
        if (plain.length >= 4) expect(sealed.slice('enc:v1:a:'.length)).not.toContain(plain);
        expect(keys.open(sealed, `accounts.tax_number:${uid}`)).toBe(plain);
      }),
    );
  });

  it('seals the same digits differently each time (random IV)', () => {
    const keys = ring(`a:${key(1)}`);
    expect(keys.seal('123451234', 'c')).not.toBe(keys.seal('123451234', 'c'));
  });

  it('refuses a value bound to another row, altered, or sealed with another key of the same id', () => {
    const keys = ring(`a:${key(1)}`);
    const sealed = keys.seal('123451234', 'accounts.tax_number:U1');
    expect(() => keys.open(sealed, 'accounts.tax_number:U2')).toThrow(/does not open/);
    // One character of the tag changed: compare with the character replaced, not its neighbour (the
    // test once looked at the last one and, 1 time in 64, "changed" an A into an A).
    const at = sealed.length - 2;
    const flipped = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(flipped).not.toBe(sealed);
    expect(() => keys.open(flipped, 'accounts.tax_number:U1')).toThrow(DataKeyError);
    expect(() => ring(`a:${key(2)}`).open(sealed, 'accounts.tax_number:U1')).toThrow(
      'Data key "a" of DATA_ENCRYPTION_KEY does not open a value sealed with a key of that id: the key is not the one it was sealed with, or the value was altered.',
    );
  });

  it('names a key the ring does not hold', () => {
    const sealed = ring(`old:${key(1)}`).seal('123451234', 'c');
    expect(() => ring(`new:${key(2)}`).open(sealed, 'c')).toThrow(
      'A value is sealed with data key "old", which DATA_ENCRYPTION_KEY does not hold; add that key back to the ring.',
    );
  });

  it('seals with the first key and opens with any key of the ring (rotation)', () => {
    const old = ring(`old:${key(1)}`).seal('123451234', 'c');
    const rotated = ring(`new:${key(2)}, old:${key(1)}`);
    expect(rotated.open(old, 'c')).toBe('123451234');
    const again = rotated.seal('123451234', 'c');
    expect(sealedKeyId(again)).toBe('new');
    expect(rotated.isCurrent(again)).toBe(true);
    expect(rotated.isCurrent(old)).toBe(false);
  });

  it('reads bare keys by fingerprint and refuses short, malformed or repeated keys in one line', () => {
    const bare = Buffer.alloc(32, 7);
    expect(parseDataKeys(bare.toString('base64'))[0]!.id).toBe(fingerprintId(bare));
    expect(() => parseDataKeys(Buffer.alloc(16).toString('base64'))).toThrow(/not 32 bytes in base64/);
    expect(() => parseDataKeys('a:not base64 at all!')).toThrow(DataKeyError);
    expect(() => parseDataKeys(`a:${key(1)},a:${key(2)}`)).toThrow(
      'DATA_ENCRYPTION_KEY: the key id "a" is given twice.',
    );
    expect(() => parseDataKeys(`bad:id:${key(1)}`)).toThrow(DataKeyError);
    expect(() => parseDataKeys(' , ')).toThrow('DATA_ENCRYPTION_KEY holds no key.');
  });

  it('does not take digits stored before encryption for a sealed value', () => {
    expect(sealedKeyId('123451234')).toBeNull();
    expect(sealedKeyId('enc:v1:a:xyz')).toBe('a');
  });
});

describe('the key file of the embedded default', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is made once, mode 0600, and read back the same on the next start', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'keys-'));
    const dataDir = path.join(dir, 'data');
    const [first, second] = await Promise.all([
      loadDataKeyring({ keys: undefined, dataDir }),
      loadDataKeyring({ keys: undefined, dataDir }),
    ]);
    expect(first.current.id).toBe(second.current.id);
    const file = path.join(dataDir, KEY_FILE_NAME);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const sealed = first.seal('123451234', 'c');
    const later = await loadDataKeyring({ keys: undefined, dataDir });
    expect(later.open(sealed, 'c')).toBe('123451234');
    expect(await readFile(file, 'utf8')).toMatch(/^k[0-9a-f]{8}:[A-Za-z0-9+/=]{44}\n$/);
  });

  it('takes DATA_ENCRYPTION_KEY over the file, and tightens a file others can read', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'keys-'));
    const fromEnv = await loadDataKeyring({ keys: parseDataKeys(`env:${key(4)}`), dataDir: dir });
    expect(fromEnv.current.id).toBe('env');
    const file = path.join(dir, KEY_FILE_NAME);
    await writeFile(file, `f1:${key(5)}\n`, { mode: 0o644 });
    const warnings: string[] = [];
    const fromFile = await loadDataKeyring({ keys: undefined, dataDir: dir, warn: (m) => warnings.push(m) });
    expect(fromFile.current.id).toBe('f1');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(warnings[0]).toMatch(/was readable by others/);
  });
});
