import type { RateLimitRule } from '#server/security/rate-limit.ts';

const MINUTE = 60_000;

/** The limits of account endpoints that hash passwords or send e-mail (see docs/architecture.md: Accounts and sign-in). */
export const AUTH_LIMITS = {
  /**
   * Failed logins per account from one client address: a guesser locks only themselves out,
   * and the owner signing in from anywhere else still gets in.
   */
  loginAccountClient: { name: 'login-account-client', capacity: 5, windowMs: 15 * MINUTE },
  /**
   * Failed logins per account from all clients together: a slower, higher ceiling against
   * guessing spread over many addresses (at 5 per client per 15 minutes, it takes 3+ clients).
   */
  loginAccount: { name: 'login-account', capacity: 60, windowMs: 60 * MINUTE },
  /** Login attempts per client address (each costs a hash). */
  loginIp: { name: 'login-ip', capacity: 20, windowMs: 15 * MINUTE },
  register: { name: 'register-ip', capacity: 5, windowMs: 60 * MINUTE },
  linkRequestIp: { name: 'link-ip', capacity: 5, windowMs: 60 * MINUTE },
  linkRequestEmail: { name: 'link-email', capacity: 3, windowMs: 60 * MINUTE },
  setPassword: { name: 'set-password-ip', capacity: 10, windowMs: 15 * MINUTE },
  /** Profile saves and account deletion, per user: both may check the password (a hash each). */
  accountPassword: { name: 'account-password-user', capacity: 10, windowMs: 15 * MINUTE },
  /** Resending the e-mail change link, per user: each one is a mail to an address not yet proven. */
  emailChangeResend: { name: 'email-change-resend-user', capacity: 3, windowMs: 60 * MINUTE },
  /** Resending the verification link, per user: each one is a mail. */
  verifyResend: { name: 'verify-resend-user', capacity: 3, windowMs: 60 * MINUTE },
  /** Data downloads, per user: each reads every row of the account. */
  dataExport: { name: 'data-export-user', capacity: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;
