import { describe, expect, it } from 'vitest';
import { balanceAtLaunch, paidOnBuild } from './schedule-words.ts';

const order = { totalCents: 380_000, depositPercent: 50, balanceStage: 'approved' };
const invoice = (purpose: 'build' | 'deposit' | 'balance' | 'plan', status: 'open' | 'paid' | 'void', paidCents = 0) =>
  ({
    kind: 'invoice',
    purpose,
    status,
    number: `INV-2026-00${purpose.length}`,
    totalCents: 190_000,
    paidCents,
  }) as const;

describe('what the launch form says about a schedule’s balance', () => {
  it('nothing when billed in full', () => {
    expect(balanceAtLaunch({ ...order, depositPercent: null, balanceStage: null }, [])).toBeNull();
  });

  it('the balance launch will issue, when none was issued yet', () => {
    expect(balanceAtLaunch(order, [invoice('deposit', 'paid', 190_000)])).toBe(
      "Launching issues and e-mails the balance invoice ($1,900), as the order's payment schedule says.",
    );
  });

  it('what is still due on an open balance (launch does not wait for it); nothing once paid or void', () => {
    const open = invoice('balance', 'open', 50_000);
    expect(balanceAtLaunch(order, [open])).toBe(
      `The balance invoice ${open.number} still has $1,400 due: launching does not wait for it, and its reminders go on.`,
    );
    expect(balanceAtLaunch(order, [invoice('balance', 'paid', 190_000)])).toBeNull();
    expect(balanceAtLaunch(order, [invoice('balance', 'void')])).toBeNull();
  });

  it('a refund returns what the build invoices received, not a plan invoice', () => {
    expect(
      paidOnBuild([
        invoice('deposit', 'paid', 190_000),
        invoice('balance', 'open', 40_000),
        invoice('plan', 'paid', 19_900),
      ]),
    ).toBe(230_000);
  });
});
