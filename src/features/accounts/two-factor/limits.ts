import type { RateLimitRule } from '#server/security/rate-limit.ts';

const MINUTE = 60_000;

/**
 * The code step of sign-in is limited like the password step (src/features/accounts/limits.ts):
 * per client address, per account from one client (only failures count: a success gives the
 * token back) and per account from all clients together. Six digits with three steps accepted
 * is a 1 in 333,333 guess: the account-wide ceiling is lower than the password's.
 */
export const TWO_FACTOR_LIMITS = {
  codeIp: { name: 'two-factor-ip', capacity: 20, windowMs: 15 * MINUTE },
  codeAccountClient: { name: 'two-factor-account-client', capacity: 5, windowMs: 15 * MINUTE },
  codeAccount: { name: 'two-factor-account', capacity: 20, windowMs: 60 * MINUTE },
  /** Setting up, turning off and new recovery codes, per user: each checks the password (a hash). */
  manage: { name: 'two-factor-manage-user', capacity: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;
