import type { PaymentProvider } from './provider.ts';

/** Stripe Checkout: being built (issue 9). */
export function stripeProvider(): PaymentProvider {
  return {
    name: 'stripe',
    async begin() {
      throw new Error('Stripe checkout is not built yet');
    },
    async scheduleCancel() {
      throw new Error('Stripe checkout is not built yet');
    },
  };
}
