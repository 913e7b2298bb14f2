import { type Algorithm, hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP minimum: 19 MiB memory, 2 iterations, 1 degree of parallelism.
// Algorithm is an ambient const enum: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    // Spend the same time as a real check so unknown accounts cannot be told apart by timing.
    await hash(password, OPTIONS);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
