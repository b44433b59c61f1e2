/**
 * How an order (or a subscription the agency offered) gets paid, behind one small interface. Two implementations: invoice (the
 * default, no keys: the agency sends an invoice and marks the order paid) and Stripe
 * Checkout (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET). A third fits beside them.
 */
import { serverEnv } from '#server/env.ts';
import type { PaymentProviderName } from '#server/db/schema.ts';
import type { PaymentProvider } from './provider-contract.ts';

/** Which provider this server runs with, from its settings. */
export function configuredProvider(): PaymentProviderName {
  const env = serverEnv();
  return env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET ? 'stripe' : 'invoice';
}

/** The provider this server runs with; Stripe's SDK loads only when it is configured. */
export function paymentProvider(): Promise<PaymentProvider> {
  return providerNamed(configuredProvider());
}

/** A provider by name: what an order was paid through goes on billing it (its plan, at launch). */
export async function providerNamed(name: PaymentProviderName): Promise<PaymentProvider> {
  if (name === 'stripe') {
    const { stripeProvider } = await import('./stripe.ts');
    return stripeProvider();
  }
  const { invoiceProvider } = await import('./invoice.ts');
  return invoiceProvider;
}
