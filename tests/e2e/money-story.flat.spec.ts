/**
 * The money story of issue 37 on a payment schedule: the flat build bills 50/50, the balance at
 * approval (PAYMENT_SCHEDULE, tests/e2e/builds.ts). One customer, two projects:
 * - the first: the deposit paid in two parts (the order is paid once it is settled), the balance
 *   invoice issued and e-mailed at the customer's approval, paid in two parts too;
 * - the second: paid, approved, then canceled midway: its open balance is voided, the paid deposit
 *   stays paid, and the housekeeping a month on reminds nothing.
 * The schedule reads the same on /account and /admin. Rate limits are on here: this file registers
 * one customer and places two orders.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { parsePaymentSchedule, scheduleSentence } from '#data/payment-schedule.ts';
import { pricingReadings } from '#data/pricing.ts';
import { site } from '#data/site.ts';
import { adminSignsIn, customerOrders, customerSignsUp, expectNoAxeViolations, tag } from './admin-helpers.ts';
import { E2E_BUILDS, FLAT_SCHEDULE } from './builds.ts';
import { capturedMail, installMailCapture } from './mail-capture.ts';

const BUILD = E2E_BUILDS.flat;
const DB_URL = BUILD.databaseUrl;
const DAY_MS = 24 * 60 * 60_000;
const TOTAL = pricingReadings.flat.checkout.base.priceCents;
const SCHEDULE = parsePaymentSchedule(FLAT_SCHEDULE);
/** 'A 50% deposit ($125) at order, the balance ($125) at approval.' */
const SENTENCE = scheduleSentence(SCHEDULE, TOTAL)!;

/** The housekeeping's billing run (plan invoices, then reminders), with the clock at `at`. */
async function housekeepingAt(at: number) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['scripts/billing-run.ts', '--at', new Date(at).toISOString(), '--subscription', 'none'],
    { env: { ...process.env, ...BUILD.env, ...BUILD.serverEnv, DATABASE_URL: DB_URL } },
  );
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { reminders: number };
}

const invoiceLinks = (admin: Page) =>
  admin.getByRole('region', { name: 'Invoices' }).getByRole('listitem').filter({ hasText: /INV-/ });

/** The admin records `amount` (USD) on the invoice page open in `admin`. */
async function recordPayment(admin: Page, amount: string) {
  const form = admin.getByRole('region', { name: 'Record a payment' });
  await form.getByLabel('Amount received (USD)').fill(amount);
  await form.getByLabel('Method').selectOption({ label: 'Check' });
  await form.getByRole('button', { name: 'Mark paid' }).click();
}

/** The admin posts a preview on the order page; the customer approves it on theirs. */
async function previewApproved(admin: Page, customer: Page, orderId: string, id: string) {
  await admin.goto(`/admin/orders/${orderId}`);
  await admin.getByLabel('Preview address').fill(`https://preview.example/money-${id}`);
  await admin.getByRole('button', { name: 'Post preview' }).click();
  await expect(admin.getByRole('heading', { name: 'Status: Preview ready' })).toBeVisible();
  await customer.goto(`/account/orders/${orderId}`);
  await customer.getByRole('button', { name: 'Approve for launch' }).click();
  await expect(customer.getByText('You approved your site for launch')).toBeVisible();
}

test('a 50/50 schedule: deposit, balance at approval, part payments; a second project canceled midway', async ({
  browser,
  page: admin,
}) => {
  test.setTimeout(240_000);
  await installMailCapture(DB_URL);
  const id = tag();
  const email = `money-${id}@example.com`;
  const customer = await customerSignsUp(browser, 'Mona Money', email);
  const first = await customerOrders(customer.page, 'Mona Money', email, '(407) 555-0161', `Money Bakery ${id}`);

  // The order tells its schedule, in the same words for the customer and the agency.
  await customer.page.goto(`/account/orders/${first}`);
  await expect(customer.page.getByRole('main')).toContainText(SENTENCE);
  await adminSignsIn(admin, `/admin/orders/${first}`);
  await expect(admin.getByRole('main')).toContainText(SENTENCE);
  const [confirmation] = await capturedMail(DB_URL, email, 'order-confirmation');
  expect(confirmation?.text).toContain(SENTENCE);

  // 1. The deposit invoice: half the total, paid in two parts; the second settles it and pays the order.
  await expect(invoiceLinks(admin)).toHaveCount(1);
  await expect(invoiceLinks(admin)).toContainText('$125.00');
  await invoiceLinks(admin).getByRole('link').click();
  await expect(admin.getByRole('main')).toContainText('Deposit: 50% of the website build ($250)');
  await expect(admin.getByRole('main')).toContainText('Website build: deposit');
  await recordPayment(admin, '50.00');
  await expect(admin.getByRole('heading', { name: 'Status: Partly paid' })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Record a payment' }).getByLabel('Amount received (USD)')).toHaveValue(
    '75.00',
  );
  await recordPayment(admin, '75.00');
  await expect(admin.getByRole('status').filter({ hasText: 'the order moved to Paid' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Status: Paid' })).toBeVisible();

  // 2. Approval issues the balance invoice, e-mailed like any invoice; the launch form says it is open.
  await previewApproved(admin, customer.page, first, `${id}-1`);
  await admin.goto(`/admin/orders/${first}`);
  await expect(admin.getByRole('heading', { name: 'Status: Approved' })).toBeVisible();
  await expect(invoiceLinks(admin)).toHaveCount(2);
  const balanceItem = invoiceLinks(admin).filter({ hasText: 'Open' });
  await expect(balanceItem).toContainText('$125.00');
  const balanceNumber = ((await balanceItem.getByRole('link').textContent()) ?? '').trim();
  await expect(admin.getByRole('main')).toContainText(
    `The balance invoice ${balanceNumber} still has $125 due: launching does not wait for it`,
  );
  await expectNoAxeViolations(admin);
  const invoiceMails = await capturedMail(DB_URL, email, 'invoice');
  expect(invoiceMails).toHaveLength(2);
  expect(invoiceMails[1]?.subject).toBe(`Invoice ${balanceNumber} from ${site.brand}`);
  expect(invoiceMails[1]?.text).toContain('Balance: 50% of the website build ($250), due at approval');
  expect(invoiceMails[1]?.text).toContain('Amount due: $125.00');

  // The customer sees it open in their invoices.
  await customer.page.goto('/account/invoices');
  await expect(customer.page.getByRole('row', { name: new RegExp(balanceNumber) })).toContainText('Open');

  // 3. The balance, paid in part, then in full: the order stays where the project is.
  await balanceItem.getByRole('link').click();
  await recordPayment(admin, '25.00');
  await expect(admin.getByRole('heading', { name: 'Status: Partly paid' })).toBeVisible();
  await expect(admin.getByRole('main')).toContainText('$100.00');
  await recordPayment(admin, '100.00');
  await expect(admin.getByRole('heading', { name: 'Status: Paid' })).toBeVisible();
  await customer.page.goto('/account/invoices');
  await expect(customer.page.getByRole('row', { name: new RegExp(balanceNumber) })).toContainText('Paid');
  await expect(customer.page.getByRole('row').filter({ hasText: /INV-/ }).filter({ hasText: 'Open' })).toHaveCount(0);
  await admin.goto(`/admin/orders/${first}`);
  await expect(admin.getByRole('heading', { name: 'Status: Approved' })).toBeVisible();

  // 4. A second project: paid, approved (its balance issued), then canceled midway.
  const second = await customerOrders(customer.page, 'Mona Money', email, '(407) 555-0161', `Money Deli ${id}`);
  await admin.goto(`/admin/orders/${second}`);
  await admin.getByRole('button', { name: 'Mark paid' }).click();
  await expect(admin.getByRole('heading', { name: 'Status: Paid' })).toBeVisible();
  await previewApproved(admin, customer.page, second, `${id}-2`);
  await admin.goto(`/admin/orders/${second}`);
  await expect(invoiceLinks(admin).filter({ hasText: 'Open' })).toHaveCount(1);
  await admin.getByText('Cancel order…').click();
  await admin.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(admin.getByRole('heading', { name: 'Status: Canceled' })).toBeVisible();
  // The open balance is void; the paid deposit stays paid (a cancel returns nothing).
  await expect(invoiceLinks(admin).filter({ hasText: 'Open' })).toHaveCount(0);
  await expect(invoiceLinks(admin).filter({ hasText: 'Void' })).toHaveCount(1);
  await expect(invoiceLinks(admin).filter({ hasText: 'Paid' })).toHaveCount(1);

  // Reminders stop: a month and more on, the housekeeping reminds this customer of nothing.
  await housekeepingAt(Date.now() + 40 * DAY_MS);
  for (const kind of ['invoice-reminder-before', 'invoice-reminder-due', 'invoice-reminder-overdue']) {
    expect(await capturedMail(DB_URL, email, kind), kind).toHaveLength(0);
  }
  await customer.page.goto('/account/invoices');
  await expect(customer.page.getByRole('row').filter({ hasText: /INV-/ }).filter({ hasText: 'Open' })).toHaveCount(0);
  await customer.context.close();
});
