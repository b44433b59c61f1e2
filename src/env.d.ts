/// <reference types="astro/client" />

/** Build-time constants injected by astro.config.mjs (vite.define). */
declare const __PRICING_MODEL__: 'custom' | 'flat';
declare const __META_PIXEL_ID__: string | null;

declare namespace App {
  interface Locals {
    /** The signed-in user, set by src/middleware.ts on on-demand requests. */
    user: import('./server/auth/session').SessionUser | null;
    session: import('./server/auth/session').Session | null;
  }
}
