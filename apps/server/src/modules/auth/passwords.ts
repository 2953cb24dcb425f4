import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (memory-hard, ~25 ms a hash here).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the e-mail is unknown, so a wrong address takes as long as a wrong
 * password and the answer time does not tell which addresses have accounts.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hash('decoy-password-never-matches');
  return decoyHash;
}
