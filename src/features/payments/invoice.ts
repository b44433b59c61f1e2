import { orderNumber } from '../orders/mail.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * The embedded default: nothing to call. The order waits in 'pending payment', the customer
 * is told an invoice follows, and an admin marks it paid (src/features/orders/orders.server.ts).
 */
export const invoiceProvider: PaymentProvider = {
  name: 'invoice',
  async begin(order) {
    return { redirect: `/thank-you?order=${orderNumber(order.id)}&payment=invoice` };
  },
  // Nothing bills automatically: the agency stops invoicing at the recorded date.
  async scheduleCancel() {},
  async cancelNow() {},
};
