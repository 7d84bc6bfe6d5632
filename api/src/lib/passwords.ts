import argon2 from 'argon2';

// argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane): ~20 ms per hash here, off the event loop.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/**
 * True when `password` matches `hash`. With no hash (unknown email) it still spends the time of
 * one verification, so the response time does not tell which emails have accounts.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    dummyHash ??= hashPassword('not-a-real-password');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
