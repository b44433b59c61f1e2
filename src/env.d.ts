/// <reference types="astro/client" />

/** Build-time constants injected by astro.config.ts (vite.define). */
declare const __PRICING_MODEL__: 'custom' | 'flat';
declare const __META_PIXEL_ID__: string | null;

declare namespace App {
  interface Locals {
    /** The signed-in user, set by src/middleware.ts on on-demand requests. */
    user: import('./features/accounts/session.ts').SessionUser | null;
    session: import('./features/accounts/session.ts').Session | null;
    /** Set by our HTTP host (src/server/http/app.ts): the TRUST_PROXY-aware client address. */
    clientAddress?: string;
  }
}
