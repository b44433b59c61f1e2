/**
 * The authenticator-app side of two-factor sign-in: TOTP (RFC 6238: HMAC-SHA1, 30-second
 * steps, 6 digits, the defaults every authenticator app reads from an otpauth:// URI) through
 * @oslojs/otp, and single-use recovery codes. Pure functions: the database side is
 * two-factor.server.ts.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { decodeBase32IgnorePadding, encodeBase32NoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI, generateHOTP, verifyHOTP } from '@oslojs/otp';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** RFC 4226 recommends a key of 160 bits (the length of SHA-1's output). */
const KEY_BYTES = 20;
/** Steps either side of now that are still accepted: a phone clock a little off, a slow typist. */
const WINDOW_STEPS = 1;

export const newTotpKey = () => crypto.getRandomValues(new Uint8Array(KEY_BYTES));

/** The key as people type it into an app by hand: base32 in groups of four. */
export const manualEntryKey = (key: Uint8Array) => encodeBase32NoPadding(key).replace(/(.{4})(?=.)/g, '$1 ');

export const encodeKey = (key: Uint8Array) => encodeBase32NoPadding(key);
export const decodeKey = (text: string) => decodeBase32IgnorePadding(text);

/** otpauth://totp/{issuer}:{account}?… for the QR code. */
export const keyUri = (issuer: string, accountName: string, key: Uint8Array) =>
  createTOTPKeyURI(issuer, accountName, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);

export const stepAt = (now: number) => Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);

/** The code an app shows at `now` (tests, and nothing else, need it). */
export const totpAt = (key: Uint8Array, now = Date.now()) => generateHOTP(key, BigInt(stepAt(now)), TOTP_DIGITS);

/** Spaces and dashes people type or paste around the digits are ignored. */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

export const looksLikeTotp = (code: string) => /^\d{6}$/.test(normalizeCode(code));

/**
 * The time step `code` belongs to, within one step of now and after `lastUsedStep` (a code,
 * once accepted, is never accepted again), or null.
 */
export function matchingStep(key: Uint8Array, code: string, lastUsedStep: number, now = Date.now()): number | null {
  const digits = normalizeCode(code);
  if (!/^\d{6}$/.test(digits)) return null;
  const current = stepAt(now);
  for (let step = current - WINDOW_STEPS; step <= current + WINDOW_STEPS; step++) {
    if (step > lastUsedStep && verifyHOTP(key, BigInt(step), TOTP_DIGITS, digits)) return step;
  }
  return null;
}

/** How many recovery codes a set has. */
export const RECOVERY_CODE_COUNT = 10;
/** Lower-case letters and digits without look-alikes (as session ids): 5 bits a character. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** 16 characters, 80 bits: too many to guess, and to brute-force from a leaked hash. */
const RECOVERY_CODE_LENGTH = 16;

/** A recovery code as shown: four groups of four, e.g. 'k7pq-2mxa-9fre-hcw4'. */
export function newRecoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(RECOVERY_CODE_LENGTH));
  const chars = Array.from(bytes, (b) => ALPHABET[b & 31]).join('');
  return chars.replace(/(.{4})(?=.)/g, '$1-');
}

export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/** What is stored for a recovery code: SHA-256 of its characters, case, spaces and dashes ignored. */
export const hashRecoveryCode = (code: string) => sha256(new TextEncoder().encode(normalizeCode(code)));
