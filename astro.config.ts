import { createHash } from 'node:crypto';
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { buildInfo } from '#integrations/build-info.ts';
import { buildSettings } from '#integrations/build-settings.ts';
import { committedImageVariants } from '#integrations/image-variants.ts';
import { linkWhitespace } from '#integrations/link-whitespace.ts';
import { priceValidityWarning } from '#integrations/price-validity-warning.ts';
import { privateRoutes } from '#integrations/private-routes.ts';
import { markdownSitemapExclusions } from '#integrations/sitemap-exclusions.ts';
import { UPLOAD_REQUEST_BYTES } from '#features/intake/uploads/limits.ts';
import { PRIVATE_PREFIXES } from '#server/security/private-paths.ts';
import { DISPLAY_FACE_SCRIPT } from '#components/layout/display-face.ts';

const settings = buildSettings(process.env);

/**
 * A browser script's file: its component's name and hash, without the
 * `.astro_astro_type_script_index_0_lang` Astro would add (the home page names two such files in
 * its first round trip).
 */
function clientScriptName({ name }: { name: string }): string {
  const base = name.replace(/\.astro_astro_type_script_index_\d+_lang$/, '').replace(/[^\w.-]/g, '_');
  return `_astro/${base}.[hash].js`;
}

/** Paths that are private, transactional or test-only: never in the sitemap. */
const NOT_IN_SITEMAP = [
  ...PRIVATE_PREFIXES.map((p) => p.prefix),
  '/thank-you',
  // Where a contact form post made without JavaScript lands (src/features/contact/pages).
  '/contact/result',
  '/test',
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
  // The largest body any route takes (an intake upload); our host caps every other route at
  // 100 KB (src/server/http/app.ts, BODY_LIMIT), as the adapter cannot tell routes apart.
  adapter: node({ mode: 'middleware', staticHeaders: true, bodySizeLimit: UPLOAD_REQUEST_BYTES }),
  integrations: [
    react(),
    sitemap({
      filter: (page) => {
        const path = new URL(page).pathname.replace(/\/$/, '');
        return !NOT_IN_SITEMAP.some((p) => path === p || path.startsWith(`${p}/`));
      },
    }),
    privateRoutes(),
    // Before buildInfo: a build that adds variants writes them before its marker (scripts/build-freshness.ts).
    committedImageVariants({ dir: new URL('./src/assets/portfolio/variants/', import.meta.url) }),
    buildInfo({ siteUrl: settings.siteUrl }),
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
      // biome-ignore lint/suspicious/noExplicitAny: see above
      directives: settings.cspDirectives as any,
      scriptDirective: {
        resources: settings.cspScriptResources,
        // The one inline script Astro does not process (is:inline, it must run before the first paint).
        hashes: [`sha256-${createHash('sha256').update(DISPLAY_FACE_SCRIPT).digest('base64')}`],
      },
    },
  },
  vite: {
    plugins: [tailwindcss(), linkWhitespace()],
    environments: {
      client: {
        build: { rolldownOptions: { output: { entryFileNames: clientScriptName, chunkFileNames: clientScriptName } } },
      },
    },
    define: {
      __PRICING_MODEL__: JSON.stringify(settings.pricingModel),
      __META_PIXEL_ID__: JSON.stringify(settings.metaPixelId),
      __PAYMENT_SCHEDULE__: JSON.stringify(settings.paymentSchedule),
    },
  },
});
