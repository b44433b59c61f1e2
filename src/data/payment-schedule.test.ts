import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  IN_FULL,
  parsePaymentSchedule,
  scheduleColumns,
  scheduleInvoiceLine,
  scheduleOf,
  scheduleSentence,
  splitBuild,
  type PaymentSchedule,
} from './payment-schedule.ts';
import { pricingReadings } from './pricing.ts';

const fiftyAtApproval: PaymentSchedule = { kind: 'deposit', depositPercent: 50, balanceAt: 'approved' };

describe('splitting the build total', () => {
  it('bills everything at order when billed in full', () => {
    expect(splitBuild(380_000, IN_FULL)).toEqual({ depositCents: 380_000, balanceCents: 0 });
  });

  it('rounds the deposit to the cent and leaves the balance as the rest, so they add up exactly', () => {
    expect(splitBuild(380_000, fiftyAtApproval)).toEqual({ depositCents: 190_000, balanceCents: 190_000 });
    expect(splitBuild(12_501, fiftyAtApproval)).toEqual({ depositCents: 6_251, balanceCents: 6_250 });
    const third: PaymentSchedule = { kind: 'deposit', depositPercent: 33, balanceAt: 'launched' };
    expect(splitBuild(100, third)).toEqual({ depositCents: 33, balanceCents: 67 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 1, max: 99 }), (total, percent) => {
        const { depositCents, balanceCents } = splitBuild(total, { kind: 'deposit', depositPercent: percent, balanceAt: 'approved' });
        return (
          Number.isInteger(depositCents) &&
          depositCents + balanceCents === total &&
          depositCents >= 0 &&
          balanceCents >= 0 &&
          Math.abs(depositCents - (total * percent) / 100) <= 0.5
        );
      }),
    );
  });
});

describe('the words', () => {
  it('say nothing new when billed in full: the screens read as before schedules', () => {
    expect(scheduleSentence(IN_FULL)).toBeNull();
    expect(scheduleSentence(IN_FULL, 380_000)).toBeNull();
    // Both readings bill in full by default.
    expect(pricingReadings.custom.schedule).toEqual(IN_FULL);
    expect(pricingReadings.flat.schedule).toEqual(IN_FULL);
  });

  it('tell the deposit and the stage, with the amounts when there is a total', () => {
    expect(scheduleSentence(fiftyAtApproval)).toBe('A 50% deposit at order, the balance at approval.');
    expect(scheduleSentence(fiftyAtApproval, 380_000)).toBe(
      'A 50% deposit ($1,900) at order, the balance ($1,900) at approval.',
    );
    expect(scheduleSentence({ kind: 'deposit', depositPercent: 30, balanceAt: 'launched' }, 25_000)).toBe(
      'A 30% deposit ($75) at order, the balance ($175) at launch.',
    );
    expect(scheduleSentence(fiftyAtApproval, 12_501)).toBe(
      'A 50% deposit ($62.51) at order, the balance ($62.50) at approval.',
    );
  });

  it('name the deposit and balance lines of their invoices', () => {
    expect(scheduleInvoiceLine(fiftyAtApproval, 'deposit', 380_000)).toBe('Deposit: 50% of the website build ($3,800)');
    expect(scheduleInvoiceLine({ ...fiftyAtApproval, depositPercent: 40 }, 'balance', 380_000)).toBe(
      'Balance: 60% of the website build ($3,800), due at approval',
    );
  });
});

describe('the stored columns and the build setting', () => {
  it('round-trip through the order columns; none means in full', () => {
    expect(scheduleOf(scheduleColumns(fiftyAtApproval))).toEqual(fiftyAtApproval);
    expect(scheduleColumns(IN_FULL)).toEqual({ depositPercent: null, balanceStage: null });
    expect(scheduleOf({ depositPercent: null, balanceStage: null })).toEqual(IN_FULL);
    expect(scheduleOf({ depositPercent: 50, balanceStage: 'somewhere' })).toEqual(IN_FULL);
  });

  it('PAYMENT_SCHEDULE reads in-full or percent/stage, and refuses anything else by name', () => {
    expect(parsePaymentSchedule(undefined)).toEqual(IN_FULL);
    expect(parsePaymentSchedule(' in-full ')).toEqual(IN_FULL);
    expect(parsePaymentSchedule('50/approved')).toEqual(fiftyAtApproval);
    expect(parsePaymentSchedule('25/launched')).toEqual({ kind: 'deposit', depositPercent: 25, balanceAt: 'launched' });
    for (const bad of ['0/approved', '100/approved', '50/paid', '50', 'half/approved', '50 / approved']) {
      expect(() => parsePaymentSchedule(bad)).toThrow(/PAYMENT_SCHEDULE/);
    }
  });
});
