/// <reference types="astro/client" />

/** Build-time constants injected by astro.config.mjs (vite.define). */
declare const __PRICING_MODEL__: 'custom' | 'flat';
declare const __META_PIXEL_ID__: string | null;
