/**
 * Password hashing (argon2id, OWASP's minimum: 19 MiB, 2 passes, 1 lane; about 20 ms on
 * our machines) and the common-password check. Hashing fills a core: every endpoint
 * that hashes is rate-limited.
 */
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX, PASSWORD_MIN } from './password-rules.ts';

/** `Algorithm` is a const enum the package does not export at run time: 2 is Argon2id. */
const ARGON2ID = 2 as Algorithm;
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as a real verification, for e-mails that have no account (or no
 * password yet), so response times do not reveal which e-mails are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-but-the-same-cost');
  await verifyPassword(await dummyHash, password);
  return false;
}

let common: Set<string> | undefined;
/**
 * true for passwords on the bundled list of commonly used passwords (zxcvbn-ts's,
 * about 49,000 entries; no network).
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN));
  return common.has(password.toLowerCase());
}

/** Why a new password is refused (the rules of registration, reset and ADMIN_PASSWORD), or null. */
export function newPasswordProblem(password: string): 'too-short' | 'too-long' | 'common' | null {
  if (password.length < PASSWORD_MIN) return 'too-short';
  if (password.length > PASSWORD_MAX) return 'too-long';
  return isCommonPassword(password) ? 'common' : null;
}
