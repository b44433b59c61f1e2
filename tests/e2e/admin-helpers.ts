/**
 * What the admin e2e specs share: the axe check, the admin's sign-in, a visitor's order and a
 * customer's account. Set-up goes through the JSON endpoints the pages' forms post to (one request
 * each, not a page load and a hydration): the forms themselves are tested in auth-ui.spec.ts and
 * checkout.spec.ts, and on a loaded machine the pages cost seconds each.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';
import { adminSignsInOn } from './admin-session.ts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
export const CUSTOMER_PASSWORD = 'lantern-pelican-orbit';

export const tag = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * The admin from ADMIN_EMAIL is signed in on `page`'s browser: password and authenticator code
 * (two-factor sign-in set up the first time), through the endpoints the forms post to, once per
 * run; every browser after that gets the signed-in session (admin-session.ts says why).
 */
export async function adminLogsIn(page: Page) {
  await adminSignsInOn(page.context());
}

/** The admin signs in and opens `landing`, /admin by default. */
export async function adminSignsIn(page: Page, landing = '/admin') {
  await adminLogsIn(page);
  await page.goto(landing);
  await expect(page).toHaveURL(landing);
}

/** A visitor (not signed in) orders the build, paying by invoice, as the /checkout form posts it. */
export async function visitorOrders(browser: Browser, email: string, businessName: string, name = 'Olive Orderer') {
  const context = await browser.newContext();
  const placed = await context.request.post('/api/checkout', {
    data: { name, email, phone: '(407) 555-0142', businessName, terms: true },
  });
  expect(placed.status(), 'the order is placed').toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  await context.close();
  return orderId;
}

/** A new customer with an account, signed in, in a browser of their own. */
export async function customerSignsUp(browser: Browser, name: string, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const registered = await page.request.post('/api/register', { data: { name, email, password: CUSTOMER_PASSWORD } });
  expect(registered.ok(), 'the customer signs up').toBe(true);
  return { context, page, email };
}

/** The signed-in customer on `page` orders the build for `businessName`; the order's id. */
export async function customerOrders(page: Page, name: string, email: string, phone: string, businessName: string) {
  const placed = await page.request.post('/api/checkout', { data: { name, email, phone, businessName, terms: true } });
  expect(placed.status(), 'the order is placed').toBe(201);
  return ((await placed.json()) as { orderId: string }).orderId;
}
