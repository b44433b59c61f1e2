import { orderNumber } from '#features/orders/order-number.ts';
import { SUBSCRIPTION_ACCEPTED_PATH } from './return-paths.ts';
import type { PaymentProvider } from './provider-contract.ts';

/**
 * The embedded default: nothing to call. The order waits in 'pending payment', the customer
 * is told an invoice follows, and an admin marks it paid (src/features/orders/orders.server.ts).
 */
export const invoiceProvider: PaymentProvider = {
  name: 'invoice',
  async begin(order) {
    return { redirect: `/thank-you?order=${orderNumber(order.id)}&payment=invoice` };
  },
  // Invoiced offers are activated by acceptOffer itself (the agency invoices them): nothing to
  // start here, only the page that says so.
  async beginSubscription() {
    return { redirect: SUBSCRIPTION_ACCEPTED_PATH };
  },
  // The agency's own invoices bill the plan from launch (subscriptions/plan-billing.server.ts).
  async startPlan() {
    return null;
  },
  // Nothing bills automatically: the agency stops invoicing at the recorded date.
  async scheduleCancel() {},
  async cancelNow() {},
  // The agency invoices the new price from the date recorded with it.
  async changePrice() {},
};
