/**
 * The Stripe SDK client for this server's settings. Tests point it at a local fake
 * (STRIPE_API_URL, src/features/payments/testing/stripe-fake.ts); production talks to Stripe.
 */
import Stripe from 'stripe';
import { serverEnv } from '#server/env.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string | undefined;
}

/** Both secrets, or null when this server runs without Stripe (invoice mode). */
export function stripeSettings(): StripeSettings | null {
  const env = serverEnv();
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  return { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL };
}

let cached: { signature: string; client: Stripe } | undefined;

/** One client per process and settings (tests change the settings between files). */
export function stripeClient(settings: StripeSettings): Stripe {
  const signature = `${settings.secretKey}\u0000${settings.apiUrl ?? ''}`;
  if (cached?.signature === signature) return cached.client;
  const target = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const client = new Stripe(settings.secretKey, {
    // POSTs carry an idempotency key, so a retried request after a dropped connection is safe.
    maxNetworkRetries: 2,
    // A checkout waits for this call: fail over to "try again" rather than hang the request.
    timeout: 15_000,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'https:' ? 443 : 80),
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  cached = { signature, client };
  return client;
}

/** Stripe answered "no such object" (a made-up or foreign id), as opposed to being unreachable. */
export const isMissingObject = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeError && error.statusCode === 404;
