/**
 * How an order (or a subscription the agency offered) gets paid, behind one small interface. Two implementations: invoice (the
 * default, no keys: the agency sends an invoice and marks the order paid) and Stripe
 * Checkout (with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET). A third fits beside them.
 */
import { serverEnv } from '#server/env.ts';
import type { BILLING_INTERVALS } from '#server/db/schema.ts';

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

/** A subscription the agency offered and the customer accepted, priced by the agency. */
export interface SubscriptionToPay {
  /** Our subscriptions row id: Stripe names it back in its metadata. */
  id: string;
  description: string;
  priceCents: number;
  interval: 'month' | 'year';
  /** The customer's e-mail, so the provider's receipts reach them. */
  email: string;
  /** The provider's reference from an earlier accept (a repeated click), if any. */
  previousAttempt: string | null;
}

/** Where /account shows "your subscription is active" (the invoice accept, Stripe's success redirect). */
export const SUBSCRIPTION_ACCEPTED_PATH = '/account?notice=subscription-accepted#subscriptions';
/** Back from the provider's page without paying: the offer is still there to accept. */
export const SUBSCRIPTION_NOT_PAID_PATH = '/account?notice=subscription-not-paid#subscriptions';
/** Paid by a bank debit still clearing (or left for the agency to check): active once confirmed. */
export const SUBSCRIPTION_PROCESSING_PATH = '/account?notice=subscription-processing#subscriptions';

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
   * Starts paying for an offer the customer accepted; must be idempotent per offer. Nothing is
   * recorded as paid here: the provider's confirmation activates it (Stripe: stripe-fulfilment.ts).
   * The invoice provider takes no payment (acceptOffer activates invoiced offers itself) and
   * answers the "accepted" page, so every provider can be asked.
   */
  beginSubscription(offer: SubscriptionToPay): Promise<PaymentStart>;
  /**
   * Ends a subscription at `cancelAt` (the end of the notice period), at the provider too when
   * it bills it (`paymentReference`); null `cancelAt` withdraws a scheduled end.
   */
  scheduleCancel(subscription: { paymentReference: string | null }, cancelAt: Date | null): Promise<void>;
  /** Ends a subscription now (the customer deleted their account); one already gone is fine. */
  cancelNow(subscription: { paymentReference: string | null }): Promise<void>;
  /**
   * Bills `priceCents` from the next period on, nothing prorated now, at the provider when it
   * bills the subscription. `key` makes a retried call one change.
   */
  changePrice(
    subscription: { paymentReference: string | null; interval: 'month' | 'year' },
    priceCents: number,
    key: string,
  ): Promise<void>;
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
