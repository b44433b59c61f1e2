/**
 * The whole story of issue 23 in one walk: a visitor books a call and reschedules it from the
 * e-mail; the agency, from the lead the booking made, sends a prefilled checkout link; the visitor
 * buys with it, activates the account from the e-mail, is marked paid, submits the intake,
 * exchanges messages with the agency, receives a preview, asks for changes (with a screenshot),
 * approves the next one; the site is launched and the monthly plan starts; the customer sends a
 * care-plan request and the admin closes it. axe at 390 and 1280 px on the customer's review.
 */
import { expect, test, type Page } from '@playwright/test';
import { adminSignsIn, CUSTOMER_PASSWORD, expectNoAxeViolations, tag } from './admin-helpers.ts';
import { E2E_BUILDS } from './builds.ts';
import { capturedMail, installMailCapture, linkIn } from './mail-capture.ts';

const DB_URL = E2E_BUILDS.main.databaseUrl;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function axeAtBothWidths(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
}

const pathOf = (link: string) => new URL(link).pathname + new URL(link).search;

test('from the first call to launch and after', async ({ browser, page: admin }) => {
  test.setTimeout(300_000);
  await installMailCapture(DB_URL);
  const id = tag();
  const email = `journey-${id}@example.com`;
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();

  // 1. A visitor books a call (slots far down the list: other specs book the first ones).
  await visitor.goto('/book');
  const slots = visitor.getByRole('group', { name: 'Pick a time' }).getByRole('radio');
  await slots.nth(40 + (Date.now() % 40)).check();
  await visitor.getByLabel('Name').fill('Jules Journey');
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByLabel('Phone').fill('(407) 555-0188');
  await visitor.getByLabel('Business (optional)').fill(`Journey Bakery ${id}`);
  await visitor.getByLabel('What would you like to talk about?').fill('A new website with our menu and catering.');
  await visitor.getByRole('button', { name: 'Book this call' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Your call is booked' })).toBeVisible();

  // ... and reschedules it from the e-mail (opening the link changes nothing; the button does).
  await visitor.goto(await linkIn(DB_URL, email, 'booking-booked', '/book/manage'));
  await visitor.getByRole('group', { name: 'Pick a time' }).getByRole('radio').nth(85).check();
  await visitor.getByRole('button', { name: 'Reschedule' }).click();
  await expect(visitor.getByRole('status')).toContainText('Your call has a new time');

  // 2. The agency: the booking made a lead at Call booked; after the call, a prefilled checkout link.
  await adminSignsIn(admin, `/admin/leads?q=${encodeURIComponent(email)}`);
  await admin.getByRole('link', { name: 'Jules Journey' }).click();
  await expect(admin.getByRole('heading', { name: 'Stage: Call booked' })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Everything they did' })).toContainText('A new website with our menu');
  await admin.getByRole('button', { name: 'Send checkout link' }).click();
  await expect(admin.getByRole('heading', { name: 'Stage: Proposal sent' })).toBeVisible();
  const leadUrl = admin.url();

  // 3. The visitor buys from the link: their details are filled in.
  const [proposal] = await capturedMail(DB_URL, email, 'lead-checkout-link');
  await visitor.goto(pathOf(/https?:\/\/\S+\/checkout\?lead=[^\s"'<>]+/.exec(proposal?.text ?? '')![0]));
  await expect(visitor.getByLabel('Email')).toHaveValue(email);
  await expect(visitor.getByLabel('Phone')).toHaveValue('(407) 555-0188');
  await visitor.getByRole('checkbox', { name: /I agree/ }).check();
  await visitor.getByRole('button', { name: 'Place Order' }).click();
  await expect(visitor).toHaveURL(/\/thank-you/);

  // The account is activated from the order e-mail.
  await visitor.goto(await linkIn(DB_URL, email, 'order-confirmation', '/activate-account'));
  await visitor.getByLabel('New password').fill(CUSTOMER_PASSWORD);
  await visitor.getByRole('button', { name: 'Activate account' }).click();
  await expect(visitor).toHaveURL('/account');
  const orderLink = visitor.getByRole('region', { name: 'Orders' }).getByRole('link', { name: /^ORD-/ });
  const orderUrl = (await orderLink.getAttribute('href'))!;
  const orderId = orderUrl.split('/').at(-1)!;

  // 4. Paid (the build's invoice), then the intake: the project waits on nothing the customer gave.
  await admin.goto(leadUrl);
  await expect(admin.getByRole('heading', { name: 'Stage: Ordered' })).toBeVisible();
  await admin.goto(`/admin/orders/${orderId}`);
  await admin.getByRole('button', { name: 'Mark paid' }).click();
  await expect(admin.getByRole('heading', { name: 'Status: Paid' })).toBeVisible();
  // The payment wins the lead.
  await admin.goto(leadUrl);
  await expect(admin.getByRole('heading', { name: 'Stage: Won' })).toBeVisible();
  await admin.goto(`/admin/orders/${orderId}`);
  const submitted = await visitor.request.post(`/api/account/intake/${orderId}/submit`, {
    data: {
      version: 0,
      data: {
        businessName: `Journey Bakery ${id}`,
        industry: 'Bakery',
        servicesOffered: 'Cakes\nCatering',
        pagesWanted: 'Home, Menu, Catering, Contact',
        targetAudience: 'Families and offices in Orlando',
      },
    },
  });
  expect(submitted.ok(), 'the intake is submitted').toBe(true);
  await visitor.goto(orderUrl);
  await expect(visitor.getByText('Status: Intake received')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Next step' })).toHaveCount(0);

  // 5. Messages both ways.
  const thread = visitor.getByRole('region', { name: 'Messages' });
  await thread.getByLabel('Your message').fill('Our logo files are coming by e-mail today.');
  await thread.getByRole('button', { name: 'Send message' }).click();
  await expect(visitor.getByText('Message sent.')).toBeVisible();
  await admin.goto(`/admin/orders/${orderId}`);
  await expect(admin.getByRole('region', { name: 'Website intake' })).toContainText('Submitted');
  const adminThread = admin.getByRole('region', { name: 'Messages' });
  await expect(adminThread).toContainText('Our logo files are coming');
  await adminThread.getByLabel('Your message').fill('Got them, thank you! Design starts today.');
  await adminThread.getByRole('button', { name: 'Send message' }).click();
  await expect(admin.getByText('Message sent.')).toBeVisible();

  // 6. Design, a preview, a change request with a screenshot, the next preview, approval.
  await admin.getByLabel('Status', { exact: true }).selectOption({ label: 'In design' });
  await admin.getByRole('button', { name: 'Update status' }).click();
  await expect(admin.getByRole('heading', { name: 'Status: In design' })).toBeVisible();
  const postPreview = async (url: string) => {
    await admin.getByLabel('Preview address').fill(url);
    await admin.getByRole('button', { name: 'Post preview' }).click();
    await expect(admin.getByRole('heading', { name: 'Status: Preview ready' })).toBeVisible();
  };
  await postPreview(`https://preview.example/journey-${id}/1`);
  await visitor.goto(orderUrl);
  await expect(visitor.getByText('Got them, thank you! Design starts today.')).toBeVisible();
  await visitor.getByRole('link', { name: 'Review your site' }).click();
  const review = visitor.getByRole('region', { name: 'Review your site' });
  await expect(review).toContainText('this request is round 1 of 1');
  await axeAtBothWidths(visitor);
  await review.getByLabel('What should we change?').fill('Menu: show catering prices per person.');
  await review
    .getByLabel('Attach an image (optional)')
    .setInputFiles({ name: 'menu.png', mimeType: 'image/png', buffer: PNG });
  await review.getByRole('button', { name: 'Request changes' }).click();
  await expect(visitor.getByText('We have your changes')).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Messages' }).getByRole('img', { name: /menu\.png/ })).toBeVisible();

  await admin.reload();
  await expect(admin.getByRole('region', { name: 'Preview and review' })).toContainText('catering prices per person');
  await postPreview(`https://preview.example/journey-${id}/2`);
  await visitor.goto(orderUrl);
  await visitor.getByRole('button', { name: 'Approve for launch' }).click();
  await expect(visitor.getByText('You approved your site for launch')).toBeVisible();

  // 7. Launch: the plan starts.
  await admin.reload();
  await expect(admin.getByRole('region', { name: 'Preview and review' })).toContainText('Approved by Jules Journey');
  await axeAtBothWidths(admin);
  await admin.getByLabel('Live site address (optional)').fill(`https://journey-${id}.example`);
  await admin.getByRole('button', { name: 'Mark launched' }).click();
  await expect(admin.getByRole('heading', { name: 'Status: Launched' })).toBeVisible();
  await expect(admin.getByRole('status').filter({ hasText: 'the monthly plan started' })).toBeVisible();
  await visitor.goto(orderUrl);
  await expect(visitor.getByText('Status: Launched')).toBeVisible();

  // 8. A care-plan request, closed by the agency.
  await visitor.goto('/account/requests');
  await visitor.getByLabel('Which page').fill('Catering');
  await visitor.getByLabel('What to change').fill('Add our holiday hours.');
  await visitor.getByRole('button', { name: 'Send request' }).click();
  await expect(visitor.getByText('Request sent.')).toBeVisible();
  const requestUrl = new URL(visitor.url()).pathname;
  await admin.goto(`/admin/requests/${requestUrl.split('/').at(-1)}`);
  await admin.getByRole('button', { name: 'Close (Done)' }).click();
  await expect(admin.locator('[data-request-status]')).toHaveText('Done');
  await visitor.goto(requestUrl);
  await expect(visitor.locator('[data-request-status]')).toHaveText('Done');
  await visitorContext.close();
});
