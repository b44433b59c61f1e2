import { expect, test, type Page } from '@playwright/test';
import { CHECKOUT } from '#features/checkout/copy.ts';

// Issue 20 item 18: a field's red message goes as soon as the field is valid (on input, or when
// focus leaves it), not at the next submit, and the error summary over the form keeps in step.
// The contact form's side is in contact.spec.ts ('field messages clear as soon as the field is valid').

// A refused post, a page load and the checkout script, on a machine the whole suite shares.
test.describe.configure({ timeout: 90_000 });

const checkoutForm = (page: Page) => page.locator('form', { has: page.getByRole('button', { name: 'Place Order' }) });
const field = (page: Page, name: string) => checkoutForm(page).getByRole('textbox', { name, exact: true });
const terms = (page: Page) => checkoutForm(page).getByRole('checkbox', { name: CHECKOUT.termsLabel });

/** /checkout as a refused plain post leaves it: its summary, a message at each refused field, what was typed. */
async function refusedCheckout(page: Page) {
  await page.goto('/checkout');
  const key = await checkoutForm(page).locator('input[name="idempotencyKey"]').inputValue();
  const res = await page.request.post('/api/checkout', {
    form: { idempotencyKey: key, name: 'A', email: 'a@b', phone: 'call me', businessName: 'Lopez Bakery' },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  // The answer lands on /checkout#checkout-form, its outcome in a cookie: from /checkout itself a
  // goto there would only scroll, so leave first (a browser following the 303 loads it anew).
  await page.goto('about:blank');
  await page.goto(res.headers().location!);
}

test.describe('checkout: field messages clear as soon as the field is valid', () => {
  test('on input and on blur, each field alone, and the summary goes with the last message', async ({ page }) => {
    await refusedCheckout(page);
    const summary = page.getByRole('alert').filter({ hasText: CHECKOUT.invalidNotice });
    await expect(summary).toBeVisible();
    await expect(field(page, 'Name')).toHaveAccessibleDescription(CHECKOUT.nameMin);
    await expect(field(page, 'Email')).toHaveAccessibleDescription(CHECKOUT.email);
    await expect(field(page, 'Phone')).toHaveAccessibleDescription(CHECKOUT.phone);
    await expect(terms(page)).toHaveAccessibleDescription(CHECKOUT.terms);

    // Typing a valid name clears its message at once (no submit); the others stay.
    await field(page, 'Name').fill('Maria Lopez');
    await expect(checkoutForm(page).getByText(CHECKOUT.nameMin)).toHaveCount(0);
    await expect(field(page, 'Name')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Name')).not.toHaveClass(/\bborder-red-700\b/);
    await expect(field(page, 'Email')).toHaveAccessibleDescription(CHECKOUT.email);
    await expect(summary).toBeVisible();

    // Still invalid while typing: the message stays.
    await field(page, 'Email').fill('maria@');
    await expect(field(page, 'Email')).toHaveAccessibleDescription(CHECKOUT.email);
    await field(page, 'Email').fill('maria@example.com');
    await expect(field(page, 'Email')).toHaveAccessibleDescription('');

    // Made valid without an input event (autofill, a script), it clears when focus leaves it.
    await field(page, 'Phone').focus();
    await field(page, 'Phone').evaluate((el: HTMLInputElement) => {
      el.value = '(407) 555-0199';
    });
    await expect(field(page, 'Phone')).toHaveAccessibleDescription(CHECKOUT.phone);
    await field(page, 'Business name').focus();
    await expect(field(page, 'Phone')).toHaveAccessibleDescription('');
    await expect(summary).toBeVisible();

    // The last one: ticking the terms clears its message, and the summary goes with it.
    await terms(page).check();
    await expect(checkoutForm(page).getByText(CHECKOUT.terms)).toHaveCount(0);
    await expect(summary).toBeHidden();
    await expect(page).toHaveURL(/\/checkout#checkout-form$/);
  });

  test('with JavaScript from the start: a message shown on submit goes once its field is fixed', async ({ page }) => {
    await page.goto('/checkout');
    await checkoutForm(page).getByRole('button', { name: 'Place Order' }).click();
    await expect(field(page, 'Phone')).toHaveAccessibleDescription(CHECKOUT.phone);
    await field(page, 'Phone').fill('(407) 555-0199');
    await expect(field(page, 'Phone')).toHaveAccessibleDescription('');
    await expect(field(page, 'Phone')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Name')).toHaveAccessibleDescription(CHECKOUT.nameMin);
    // A field without a message gets none while it is typed in.
    await field(page, 'Phone').fill('x');
    await expect(field(page, 'Phone')).toHaveAccessibleDescription('');
  });
});
