/**
 * How an order gets paid, behind one small interface. Two implementations: invoice (the
 * default, no keys: the agency sends an invoice and marks the order paid) and Stripe
 * Checkout (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET). A third fits beside them.
 */
import { serverEnv } from '../../server/env.ts';
import type { BILLING_INTERVALS } from '../../server/db/schema.ts';

export type PaymentProviderName = 'invoice' | 'stripe';

export interface PayableItem {
  sku: string;
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
  interval: (typeof BILLING_INTERVALS)[number];
}

/** What a provider needs to ask for payment: the committed order, priced by the server. */
export interface OrderToPay {
  id: string;
  email: string;
  businessName: string;
  items: readonly PayableItem[];
  totalCents: number;
  /** The provider's reference from an earlier attempt (a repeated submit), if any. */
  paymentReference: string | null;
}

export interface PaymentStart {
  /** Where the browser goes next: our thank-you page, or the provider's payment page. */
  redirect: string;
  /** The provider's id for this payment, recorded on the order. */
  reference?: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Called after the order is committed (and again for a repeated submit): must be idempotent per order. */
  begin(order: OrderToPay): Promise<PaymentStart>;
  /**
   * Ends a subscription at `cancelAt` (the end of the notice period), at the provider too when
   * it bills it (`paymentReference`); null `cancelAt` withdraws a scheduled end.
   */
  scheduleCancel(subscription: { paymentReference: string | null }, cancelAt: Date | null): Promise<void>;
  /** Ends a subscription now (the customer deleted their account); one already gone is fine. */
  cancelNow(subscription: { paymentReference: string | null }): Promise<void>;
}

/** Which provider this server runs with, from its settings. */
export function configuredProvider(): PaymentProviderName {
  const env = serverEnv();
  return env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET ? 'stripe' : 'invoice';
}

/** The provider this server runs with; Stripe's SDK loads only when it is configured. */
export async function paymentProvider(): Promise<PaymentProvider> {
  if (configuredProvider() === 'stripe') {
    const { stripeProvider } = await import('./stripe.ts');
    return stripeProvider();
  }
  const { invoiceProvider } = await import('./invoice.ts');
  return invoiceProvider;
}
