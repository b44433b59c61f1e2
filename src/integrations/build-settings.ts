/**
 * Build-time settings read once from the environment by astro.config.ts.
 * A bad value fails the build with a message naming the variable, instead of
 * shipping a site that silently uses a default.
 */

import { parsePaymentSchedule } from '../data/payment-schedule.ts';

const PRICING_MODELS = ['custom', 'flat'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];
const META_PIXEL_ORIGINS = ['https://connect.facebook.net', 'https://www.facebook.com'];

/** Where the server listens unless HOST and PORT say otherwise (src/server/env.ts reads the same). */
export const DEFAULT_HOST = 'localhost';
export const DEFAULT_PORT = 4321;
/** Listening on every interface: links still have to name one this machine answers on. */
const ANY_ADDRESS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * The origin links use when SITE_URL is unset: the server's own address, from HOST and PORT (so a
 * server started with `PORT=8080` sends links to :8080, not to :4321). The build (canonical URLs,
 * build-info.json) and the server both take it from here, so they agree. `0.0.0.0` and `::` name
 * no host a browser can open: localhost stands for them.
 */
export function localSiteUrl(host: string | undefined, port: string | number | undefined): string {
  const name = host?.trim() || DEFAULT_HOST;
  const hostname = ANY_ADDRESS.has(name)
    ? DEFAULT_HOST
    : name.includes(':') && !name.startsWith('[')
      ? `[${name}]`
      : name;
  const number = port === undefined || String(port).trim() === '' ? DEFAULT_PORT : Number(port);
  if (!Number.isInteger(number) || number < 0 || number > 65535) {
    throw new Error(`PORT must be a port number (0 to 65535); got "${port}".`);
  }
  return new URL(`http://${hostname}:${number}`).origin;
}

export function buildSettings(env: Record<string, string | undefined>) {
  // An empty SITE_URL means unset, as in src/server/env.ts.
  const siteUrl = parseSiteUrl(env.SITE_URL || localSiteUrl(env.HOST, env.PORT));
  const pricingModel = env.PRICING_MODEL || 'custom';
  if (!isPricingModel(pricingModel)) {
    throw new Error(`PRICING_MODEL must be one of ${PRICING_MODELS.join(', ')}; got "${pricingModel}".`);
  }
  // Unset: the reading's own schedule (pricing.ts); set: it overrides it for this build.
  const paymentSchedule = env.PAYMENT_SCHEDULE?.trim() ? parsePaymentSchedule(env.PAYMENT_SCHEDULE) : null;
  const metaPixelId = env.PUBLIC_META_PIXEL_ID?.trim() || null;
  if (metaPixelId && !/^\d{5,20}$/.test(metaPixelId)) {
    throw new Error(`PUBLIC_META_PIXEL_ID must be the numeric pixel ID; got "${metaPixelId}".`);
  }
  const https = siteUrl.protocol === 'https:';
  const pixelOrigins = metaPixelId ? META_PIXEL_ORIGINS : [];
  return {
    siteUrl: siteUrl.origin,
    outDir: env.OUT_DIR || './dist',
    pricingModel,
    paymentSchedule,
    metaPixelId,
    /** Lets Astro trust X-Forwarded-Host/Proto from a TLS proxy for our own host only. */
    allowedDomains: https ? [{ hostname: siteUrl.hostname, protocol: 'https' }] : [],
    cspDirectives: [
      "default-src 'self'",
      `img-src 'self' data: ${pixelOrigins.join(' ')}`.trim(),
      // default-src 'self' covers fonts and fetches: connect-src is named only to add the pixel's
      // origins (every byte of the policy is in each page's first round trip).
      ...(pixelOrigins.length ? [`connect-src 'self' ${pixelOrigins.join(' ')}`] : []),
      "object-src 'none'",
      "base-uri 'self'",
      // Checkout forms end in a 303 to Stripe's payment page when Stripe is configured (a run-time
      // setting, so always allowed); Chrome applies form-action to the redirect too.
      "form-action 'self' https://checkout.stripe.com",
      "frame-ancestors 'none'",
      ...(https ? ['upgrade-insecure-requests'] : []),
    ],
    cspScriptResources: ["'self'", ...(metaPixelId ? ['https://connect.facebook.net'] : [])],
  };
}

const isPricingModel = (value: string): value is PricingModel => (PRICING_MODELS as readonly string[]).includes(value);

function parseSiteUrl(raw: string): URL {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    return url;
  } catch {
    throw new Error(`SITE_URL must be an absolute http(s) URL such as https://example.com; got "${raw}".`);
  }
}
