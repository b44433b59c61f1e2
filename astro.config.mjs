// @ts-check
import { defineConfig, envField } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { buildSettings } from './src/integrations/build-settings.mjs';
import { interactionDirective } from './src/integrations/interaction-directive.mjs';
import { priceValidityWarning } from './src/integrations/price-validity-warning.mjs';
import { markdownSitemapExclusions } from './src/integrations/sitemap-exclusions.mjs';
import { DEFAULT_DATABASE_URL } from './src/server/db/client.mjs';

const settings = buildSettings(process.env);

/** Paths that are private, transactional or test-only: never in the sitemap. */
const NOT_IN_SITEMAP = [
  '/account',
  '/admin',
  '/api',
  '/auth',
  '/checkout',
  '/thank-you',
  '/test',
  '/activate-account',
  '/forgot-password',
  '/reset-password',
  '/social',
  '/404',
  '/healthz',
  // Same content as /about, which is the canonical URL.
  '/about-us',
  ...markdownSitemapExclusions('./src/content/pages'),
];

export default defineConfig({
  site: settings.siteUrl,
  outDir: settings.outDir,
  trailingSlash: 'never',
  // Astro 7 defaults to 'jsx', which glues inline copy across line breaks.
  compressHTML: true,
  // Auth sessions live in our database (issue 4); Astro's own session store stays off.
  session: false,
  build: {
    format: 'directory',
    // Tailwind's output is small: inlining it removes every render-blocking request.
    inlineStylesheets: 'always',
  },
  adapter: node({ mode: 'middleware', staticHeaders: true, bodySizeLimit: 100 * 1024 }),
  integrations: [
    react(),
    sitemap({
      filter: (page) => {
        const path = new URL(page).pathname.replace(/\/$/, '');
        return !NOT_IN_SITEMAP.some((p) => path === p || path.startsWith(`${p}/`));
      },
    }),
    interactionDirective(),
    priceValidityWarning(),
  ],
  markdown: {
    // Shiki's inline styles would need CSP exceptions; our copy has no code blocks.
    syntaxHighlight: false,
  },
  security: {
    // src/middleware.ts refuses cross-site state-changing requests of every content type, in our JSON error shape.
    checkOrigin: false,
    allowedDomains: settings.allowedDomains,
    csp: {
      algorithm: 'SHA-256',
      // Astro types each directive as a template-literal union; ours are composed strings, and
      // Astro's own schema validates them at build time: `any` only silences the static check.
      directives: /** @type {any} */ (settings.cspDirectives),
      scriptDirective: { resources: settings.cspScriptResources },
    },
  },
  env: {
    // Runtime settings, read from process.env when the server starts (see README: Configuration).
    schema: {
      DATABASE_URL: envField.string({ context: 'server', access: 'secret', default: DEFAULT_DATABASE_URL }),
      DATABASE_AUTH_TOKEN: envField.string({ context: 'server', access: 'secret', optional: true }),
      SMTP_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      MAIL_FROM: envField.string({ context: 'server', access: 'secret', optional: true }),
      AGENCY_INBOX: envField.string({ context: 'server', access: 'secret', optional: true }),
      RATE_LIMITS: envField.enum({ context: 'server', access: 'secret', values: ['on', 'off'], default: 'on' }),
    },
  },
  vite: {
    plugins: [tailwindcss()],
    define: {
      __PRICING_MODEL__: JSON.stringify(settings.pricingModel),
      __META_PIXEL_ID__: JSON.stringify(settings.metaPixelId),
    },
  },
});
