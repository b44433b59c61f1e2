/**
 * Invoices as a customer meets them: invoice mode issues the build's invoice with the order;
 * /thank-you and the order page link it; /account/invoices lists it; one invoice is a printable
 * page and a PDF; nobody else can open either. axe (WCAG 2.2 AA) on both page types.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { createClient } from '@libsql/client';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { site } from '#data/site.ts';
import { adminLogsIn } from './admin-helpers.ts';
import { authForm } from './auth-form.ts';
import { E2E_BUILDS } from './builds.ts';
import { capturedMail, installMailCapture } from './mail-capture.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const PASSWORD = 'lantern-pelican-orbit';
const INVOICE_NUMBER = /^INV-\d{4}-\d{4,}$/;
const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(
    results.violations.map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

async function signedIn(browser: Browser, tag: string) {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  const email = unique(tag);
  await page.goto('/auth');
  const form = await authForm(page, 'Create an account');
  await form.getByLabel('Name').fill('Ivy Invoice');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('You are signed in as')).toBeVisible();
  return { context, page, email };
}

const DB_URL = E2E_BUILDS.main.databaseUrl;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The hourly billing housekeeping, run once against the e2e database at `at` (a moved clock),
 * for one plan: the other specs' plans keep their dates.
 */
async function billingAt(at: number, subscription: string) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['scripts/billing-run.ts', '--at', new Date(at).toISOString(), '--subscription', subscription],
    {
      env: { ...process.env, ...E2E_BUILDS.main.env, ...E2E_BUILDS.main.serverEnv, DATABASE_URL: DB_URL },
    },
  );
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as { planInvoices: number; reminders: number };
}

/** The id of the monthly plan `email` bought. */
async function planOf(email: string) {
  const db = createClient({ url: DB_URL });
  try {
    const { rows } = await db.execute({
      sql: 'SELECT s.id FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = ?',
      args: [email],
    });
    return String(rows[0]?.id);
  } finally {
    db.close();
  }
}

/** What the outbox holds for `email` of `kind`: the attachments each mail carries. */
async function queuedAttachments(email: string, kind: string) {
  const db = createClient({ url: DB_URL });
  try {
    const { rows } = await db.execute({
      sql: 'SELECT attachments FROM outbox WHERE "to" = ? AND kind = ?',
      args: [email, kind],
    });
    return rows.map((r) => JSON.parse(String(r.attachments ?? '[]')) as { kind: string; ref: string }[]);
  } finally {
    db.close();
  }
}

test('an invoice-mode order comes with its invoice: linked, listed, printable, a PDF, and private', async ({
  browser,
}) => {
  test.slow();
  const { context, page } = await signedIn(browser, 'invoice-buyer');
  await page.goto('/checkout');
  await page.getByLabel('Phone').fill('(407) 555-0142');
  await page.getByLabel('Business name').fill('Ledger Bakery');
  await page.getByLabel('I agree to the Terms and Refund Policy').check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thank-you/);

  const view = page.getByRole('link', { name: /^View invoice INV-/ });
  await expect(view).toBeVisible();
  const number = ((await view.textContent()) ?? '').replace('View invoice ', '').trim();
  expect(number).toMatch(INVOICE_NUMBER);
  await view.click();

  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('Ledger Bakery');
  await expect(main).toContainText('$3,800.00');
  await expect(main.locator('[data-invoice-status]')).toHaveText('Open');
  await expectNoViolations(page, 'invoice page');
  const invoiceUrl = new URL(page.url()).pathname;

  const pdfHref = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  expect(pdfHref).toBe(`${invoiceUrl}.pdf`);
  const pdf = await page.request.get(pdfHref!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.getByRole('link', { name: 'All invoices' }).click();
  await expect(page).toHaveURL('/account/invoices');
  await page.goto('/account');
  await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Invoices' }).click();
  await expect(page).toHaveURL('/account/invoices');
  const row = page.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText('$3,800.00');
  await expect(row).toContainText('Open');
  // What the customer owes, in one line above the list.
  await expect(page.getByText('Balance due: $3,800.00')).toBeVisible();
  await expectNoViolations(page, 'invoice list');

  await page.goto('/account');
  await page.getByRole('main').getByRole('link', { name: /^ORD-/ }).first().click();
  await expect(page.getByRole('link', { name: number, exact: true })).toHaveAttribute('href', invoiceUrl);

  // Another customer: the 404 page for the invoice and for its PDF.
  const other = await signedIn(browser, 'invoice-stranger');
  expect((await other.page.request.get(invoiceUrl)).status()).toBe(404);
  expect((await other.page.request.get(`${invoiceUrl}.pdf`)).status()).toBe(404);
  await other.page.goto('/account/invoices');
  await expect(other.page.getByText('No invoices yet.')).toBeVisible();
  await expect(other.page.getByRole('main')).not.toContainText(number);
  await Promise.all([context.close(), other.context.close()]);
});

test('the monthly plan: chosen at checkout, billed from launch, then every month; the build paid by invoice', async ({
  browser,
}) => {
  test.slow();
  // Here, not in a beforeAll: one worker's DDL at a time (two at once met SQLITE_BUSY).
  await installMailCapture(DB_URL);
  const { context, page, email } = await signedIn(browser, 'plan-buyer');
  await page.goto('/checkout?plan=all-inclusive-monthly');
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Invoice today, pay online or by bank transfer, then $199 per month from launch');
  await page.getByLabel('Phone').fill('(407) 555-0142');
  await page.getByLabel('Business name').fill('Harbor Florist');
  await page.getByLabel('I agree to the Terms and Refund Policy').check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thank-you/);
  await expect(page.getByRole('main')).toContainText('$199 per month from launch');
  const view = page.getByRole('link', { name: /^View invoice INV-/ });
  const buildNumber = ((await view.textContent()) ?? '').replace('View invoice ', '').trim();

  // The order's confirmation tells the plan; the invoice comes in its own e-mail, named by its
  // number, with its PDF, the amount due and its date, and how to pay; nothing of the plan is due yet.
  const [confirmation] = await capturedMail(DB_URL, email, 'order-confirmation');
  expect(confirmation?.text).toContain('All-Inclusive Monthly Plan: $199 per month from launch');
  expect(confirmation?.text).toContain('Total: $3,800');
  expect(await queuedAttachments(email, 'order-confirmation')).toEqual([[]]);
  const [invoiceMail] = await capturedMail(DB_URL, email, 'invoice');
  expect(invoiceMail?.subject).toBe(`Invoice ${buildNumber} from ${site.brand}`);
  expect(invoiceMail?.text).toMatch(/Amount due: \$3,800\.00, by [A-Z][a-z]+ \d{1,2}, \d{4}\./);
  expect(invoiceMail?.text).toContain('How to pay');
  expect(invoiceMail?.text).not.toContain('Monthly Plan');
  const [attached] = await queuedAttachments(email, 'invoice');
  expect(attached).toEqual([{ kind: 'invoice-pdf', ref: expect.any(String) }]);
  const buildInvoiceId = attached![0]!.ref;

  // The admin records the bank transfer; the customer sees the invoice paid.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await adminLogsIn(adminPage);
  await adminPage.goto(`/admin/invoices/${buildInvoiceId}`);
  const payment = adminPage.getByRole('region', { name: 'Record a payment' });
  await payment.getByLabel('Amount received (USD)').fill('3800.00');
  await payment.getByRole('button', { name: 'Mark paid' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Status: Paid' })).toBeVisible();
  await page.goto('/account/invoices');
  await expect(page.getByRole('row', { name: new RegExp(buildNumber) })).toContainText('Paid');

  // Launch: the plan starts, and its first monthly invoice is there at once.
  await adminPage.getByRole('link', { name: /^Order ORD-/ }).click();
  await adminPage.getByLabel('Live site address (optional)').fill('https://harbor-florist.example');
  await adminPage.getByRole('button', { name: 'Mark launched' }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: 'the monthly plan started' })).toBeVisible();
  await expect(adminPage.locator('[data-launched]')).toContainText(
    /Launched on [^:]+:\s*https:\/\/harbor-florist\.example/,
  );
  await page.goto('/account/invoices');
  const rows = page.getByRole('row').filter({ hasText: /INV-/ });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: '$199.00' })).toContainText('Open');
  await expectNoViolations(page, 'invoice list with the plan');
  // The plan's invoice is named like every invoice, and states its period once.
  const [planMail] = await capturedMail(DB_URL, email, 'plan-invoice');
  expect(planMail?.subject).toMatch(new RegExp(`^Invoice INV-\\d{4}-\\d{4,} from ${site.brand}$`));
  expect(planMail?.text).toMatch(/Period: [A-Z][a-z]+ \d{1,2}, \d{4} – [A-Z][a-z]+ \d{1,2}, \d{4}/);
  expect(planMail?.text).toContain('Amount due: $199.00');

  // A month on, housekeeping bills the next month, once however often it runs.
  const nextMonth = Date.now() + 32 * DAY_MS;
  const plan = await planOf(email);
  const firstRun = await billingAt(nextMonth, plan);
  expect(firstRun.planInvoices).toBe(1);
  // The first plan invoice, due two weeks after launch and unpaid, is reminded once (the overdue
  // step: the earlier ones are past), and the agency told; a second run sends nothing again.
  expect(firstRun.reminders).toBeGreaterThanOrEqual(1);
  expect(await billingAt(nextMonth, plan)).toMatchObject({ planInvoices: 0 });
  expect(await capturedMail(DB_URL, email, 'invoice-reminder-overdue')).toHaveLength(1);
  expect(await capturedMail(DB_URL, email, 'invoice-reminder-before')).toHaveLength(0);
  await page.goto('/account/invoices');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: '$199.00' })).toHaveCount(2);
  expect(await capturedMail(DB_URL, email, 'plan-invoice')).toHaveLength(2);
  await Promise.all([context.close(), admin.close()]);
});
