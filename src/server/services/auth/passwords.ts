import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package declares a const enum, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm;

/** Argon2id with the library defaults (19 MiB, 2 passes: the OWASP minimum profile). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a password nobody has, verified when the account does not exist, so a wrong email
 * takes as long as a wrong password and the timing does not reveal which addresses are registered.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-password-of-anyone');
  return dummyHash;
}
