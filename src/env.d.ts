/// <reference types="astro/client" />

/** Build-time constants injected by astro.config.mjs (vite.define). */
declare const __PRICING_MODEL__: 'custom' | 'flat';
declare const __META_PIXEL_ID__: string | null;

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, touch, focus or key event inside the island. */
    'client:interaction'?: boolean;
  }
}
