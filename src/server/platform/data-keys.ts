import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Encryption of sensitive fields at rest (ADR 022): AES-256-GCM with a key ring. The first key
// seals; every key of the ring opens what was sealed with it. A sealed value names its key:
//
//   enc:v1:<key id>:<base64url(12-byte IV ‖ ciphertext ‖ 16-byte tag)>
//
// and is bound to where it belongs (the "context", e.g. `accounts.tax_number:<uid>`) as GCM
// associated data, so a value copied onto another row does not open there.

export const SEALED_PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** The name of the key file of the embedded default, in DATA_DIR. */
export const KEY_FILE_NAME = 'data-encryption.key';

/** A key ring that cannot be read or a sealed value that does not open: said in one line. */
export class DataKeyError extends Error {
  override name = 'DataKeyError';
}

export interface DataKey {
  id: string;
  key: Buffer;
}

/** The id a key gets when none is written before it: the start of its SHA-256. */
export const fingerprintId = (key: Buffer) =>
  `k${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;

/**
 * Reads a key ring: entries `id:base64` (or a bare base64 key, named by its fingerprint),
 * separated by commas, spaces or new lines, newest first. `source` names where it came from
 * in the messages.
 */
export function parseDataKeys(text: string, source = 'DATA_ENCRYPTION_KEY'): DataKey[] {
  const entries = text
    .split(/[\s,]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new DataKeyError(`${source} holds no key.`);
  const keys = entries.map((entry, i) => {
    const colon = entry.indexOf(':');
    const id = colon === -1 ? null : entry.slice(0, colon);
    const encoded = colon === -1 ? entry : entry.slice(colon + 1);
    const key = Buffer.from(encoded, 'base64');
    const roundTrip = key.toString('base64').replace(/=+$/, '');
    const given = encoded.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
    if (key.length !== KEY_BYTES || roundTrip !== given)
      throw new DataKeyError(
        `${source}: key ${i + 1} is not 32 bytes in base64 (make one with: openssl rand -base64 32).`,
      );
    if (id !== null && !KEY_ID.test(id))
      throw new DataKeyError(`${source}: key ${i + 1} has an id that is not 1-32 letters, digits, - or _.`);
    return { id: id ?? fingerprintId(key), key };
  });
  const seen = new Set<string>();
  for (const k of keys) {
    if (seen.has(k.id)) throw new DataKeyError(`${source}: the key id "${k.id}" is given twice.`);
    seen.add(k.id);
  }
  return keys;
}

/** The text of a key ring (a key file's content). */
export const formatDataKeys = (keys: DataKey[]) =>
  `${keys.map((k) => `${k.id}:${k.key.toString('base64')}`).join('\n')}\n`;

export class DataKeyring {
  readonly current: DataKey;
  private readonly byId: Map<string, Buffer>;

  constructor(
    keys: DataKey[],
    /** Where the keys came from, for messages: the variable or the key file. */
    readonly source = 'DATA_ENCRYPTION_KEY',
  ) {
    if (keys.length === 0) throw new DataKeyError(`${source} holds no key.`);
    this.current = keys[0]!;
    this.byId = new Map(keys.map((k) => [k.id, k.key]));
  }

  get ids(): string[] {
    return [...this.byId.keys()];
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Seals `plain` with the current key, bound to `context`. */
  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const sealed = Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    return `${SEALED_PREFIX}${this.current.id}:${sealed}`;
  }

  /** Opens a sealed value; a value sealed with a key not in the ring, another key or elsewhere throws. */
  open(sealed: string, context: string): string {
    const id = sealedKeyId(sealed);
    if (id === null) throw new DataKeyError('Not a sealed value.');
    const key = this.byId.get(id);
    if (!key)
      throw new DataKeyError(
        `A value is sealed with data key "${id}", which ${this.source} does not hold; add that key back to the ring.`,
      );
    const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length + id.length + 1), 'base64url');
    if (raw.length < IV_BYTES + TAG_BYTES)
      throw new DataKeyError(`A value sealed with data key "${id}" is cut short.`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new DataKeyError(
        `Data key "${id}" of ${this.source} does not open a value sealed with a key of that id: the key is not the one it was sealed with, or the value was altered.`,
      );
    }
  }

  /** Whether the value is sealed with the current key (nothing to do on re-encryption). */
  isCurrent(value: string): boolean {
    return sealedKeyId(value) === this.current.id;
  }
}

/** The key id of a sealed value, or null for anything else (a value stored before encryption). */
export function sealedKeyId(value: string): string | null {
  if (!value.startsWith(SEALED_PREFIX)) return null;
  const end = value.indexOf(':', SEALED_PREFIX.length);
  if (end === -1) return null;
  const id = value.slice(SEALED_PREFIX.length, end);
  return KEY_ID.test(id) ? id : null;
}

/**
 * The key ring of this process: DATA_ENCRYPTION_KEY when set; otherwise the key file in DATA_DIR,
 * made on first start (32 random bytes, mode 0600). Making it is atomic — written under a
 * temporary name and linked into place — so two starts never end up with two keys.
 */
export async function loadDataKeyring(opts: {
  keys: DataKey[] | undefined;
  dataDir: string;
  warn?: (message: string) => void;
}): Promise<DataKeyring> {
  if (opts.keys) return new DataKeyring(opts.keys);
  const file = path.join(opts.dataDir, KEY_FILE_NAME);
  const source = `the key file ${file}`;
  const existing = await readKeyFile(file, source, opts.warn);
  if (existing) return existing;
  await mkdir(opts.dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(temporary, formatDataKeys([{ id: fingerprintId(key), key }]), { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await unlink(temporary).catch(() => {});
  }
  const made = await readKeyFile(file, source, opts.warn);
  if (!made) throw new DataKeyError(`Could not read ${source} just written.`);
  return made;
}

async function readKeyFile(
  file: string,
  source: string,
  warn?: (message: string) => void,
): Promise<DataKeyring | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new DataKeyError(`Cannot read ${source}: ${(err as Error).message}`);
  }
  const mode = (await stat(file)).mode & 0o777;
  if (mode & 0o077) {
    await chmod(file, 0o600).catch(() => {});
    warn?.(`${source} was readable by others (mode ${mode.toString(8)}); it is now 0600.`);
  }
  return new DataKeyring(parseDataKeys(text, source), source);
}
