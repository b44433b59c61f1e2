// @ts-check
/**
 * Password hashing (argon2id, OWASP's minimum: 19 MiB, 2 passes, 1 lane; about 20 ms on
 * our machines) and the common-password check. Hashing fills a core: every endpoint
 * that hashes is rate-limited.
 */
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN } from '../../lib/password-rules.mjs';

/** `Algorithm` is a const enum the package does not export at run time: 2 is Argon2id. */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export { PASSWORD_MAX, PASSWORD_MIN } from '../../lib/password-rules.mjs';

/** @param {string} password */
export function hashPassword(password) {
  return hash(password, OPTIONS);
}

/**
 * @param {string} passwordHash
 * @param {string} password
 */
export async function verifyPassword(passwordHash, password) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** @type {Promise<string> | undefined} */
let dummyHash;
/**
 * Spends the same time as a real verification, for e-mails that have no account (or no
 * password yet), so response times do not reveal which e-mails are registered.
 * @param {string} password
 */
export async function verifyAgainstDummy(password) {
  dummyHash ??= hashPassword('not-a-real-password-but-the-same-cost');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** @type {Set<string> | undefined} */
let common;
/**
 * true for passwords on the bundled list of commonly used passwords (zxcvbn-ts's,
 * about 49,000 entries; no network).
 * @param {string} password
 */
export function isCommonPassword(password) {
  common ??= new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN));
  return common.has(password.toLowerCase());
}
