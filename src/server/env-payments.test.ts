import { describe, expect, it } from 'vitest';
import { parseServerEnv, paymentSetupProblem } from './env.ts';

const problem = (env: Record<string, string>) => paymentSetupProblem(parseServerEnv(env));

describe('a public site must be able to say how to pay', () => {
  it('https without bank details and without Stripe: one line naming INVOICE_BANK_DETAILS', () => {
    const message = problem({ SITE_URL: 'https://www.example.com' });
    expect(message).toContain('INVOICE_BANK_DETAILS');
    expect(message).not.toContain('\n');
  });

  it('half a Stripe setup does not count as Stripe', () => {
    expect(problem({ SITE_URL: 'https://www.example.com', STRIPE_SECRET_KEY: 'sk_live_x' })).toContain(
      'INVOICE_BANK_DETAILS',
    );
  });

  it('bank details, or both Stripe settings, or a local http site: it starts', () => {
    expect(problem({ SITE_URL: 'https://www.example.com', INVOICE_BANK_DETAILS: 'Acme Bank, 123' })).toBeNull();
    expect(
      problem({ SITE_URL: 'https://www.example.com', STRIPE_SECRET_KEY: 'sk_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
    ).toBeNull();
    expect(problem({})).toBeNull();
    expect(problem({ SITE_URL: 'http://shop.test:8080' })).toBeNull();
  });
});
