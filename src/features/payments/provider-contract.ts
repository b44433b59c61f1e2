/**
 * What a payment provider is: the interface invoice.ts and stripe.ts implement, and what they are
 * handed. provider.ts picks one; the implementations import only this, so nothing loops back.
 */
import type { BILLING_INTERVALS, PaymentProviderName, SubscriptionStatus } from '#server/db/schema.ts';

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
  /** The order's payment schedule (orders.deposit_percent, balance_stage): null or absent, in full. */
  depositPercent?: number | null;
  balanceStage?: string | null;
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

/** A monthly plan chosen at checkout, started when the site is launched. */
export interface PlanToStart {
  /** Our subscriptions row id (the provider's idempotency keys derive from it). */
  id: string;
  orderId: string;
  description: string;
  priceCents: number;
  interval: 'month' | 'year';
  /** The provider's reference for the payment that paid the build (and saved the card for the plan). */
  paidWith: string | null;
}

/** A plan the provider now bills. */
export interface PlanStarted {
  /** The provider's subscription id. */
  reference: string;
  /** null: the provider has not said yet (its first payment is still being taken). */
  status: SubscriptionStatus | null;
  currentPeriodEnd: Date | null;
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
  /**
   * Starts billing a plan bought with an order, at launch: the provider charges the card saved at
   * checkout from today, every interval. null: this provider bills nothing itself (invoice mode:
   * subscriptions/plan-billing.server.ts issues the invoices). Idempotent per plan.
   */
  startPlan(plan: PlanToStart): Promise<PlanStarted | null>;
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
