/// <reference types="astro/client" />

/** Build-time constants injected by astro.config.ts (vite.define). */
declare const __PRICING_MODEL__: 'custom' | 'flat';
declare const __META_PIXEL_ID__: string | null;
/** PAYMENT_SCHEDULE, parsed; null: the reading's own schedule. */
declare const __PAYMENT_SCHEDULE__: import('./data/payment-schedule.ts').PaymentSchedule | null;

declare namespace App {
  interface Locals {
    /** The signed-in user, set by src/middleware.ts on on-demand requests. */
    user: import('#features/accounts/session.server.ts').SessionUser | null;
    session: import('#features/accounts/session.server.ts').Session | null;
    /**
     * A session that passed the password but not yet the second factor (src/features/accounts/two-factor):
     * `user` and `session` stay null for it, so every guard treats it as signed out.
     */
    pendingSignIn?: {
      session: import('#features/accounts/session.server.ts').Session;
      user: import('#features/accounts/session.server.ts').SessionUser;
    } | null;
    /** The signed-in user has two-factor sign-in on (src/middleware.ts, from the session's own query). */
    twoFactorOn?: boolean;
    /**
     * An admin who has not set up two-factor sign-in: `user.role` is 'customer' until then
     * (src/features/accounts/request-session.server.ts), and the admin guards lead to the set-up.
     */
    adminNeedsTwoFactor?: boolean;
    /** Set by our HTTP host (src/server/http/app.ts): the TRUST_PROXY-aware client address. */
    clientAddress?: string;
  }
}
