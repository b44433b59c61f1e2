/**
 * The checkout form in the browser: the total follows the selected options, and the same
 * schema as the server shows every message at once on submit (no browser bubbles). A valid
 * form is then posted as usual, so the server's 303 decides where the visitor lands.
 */
import { clearFieldErrorsWhenFixed, showFieldErrors, type FieldErrors } from '#components/ui/field-errors.ts';
import { formatPrice, pricing } from '#data/pricing.ts';
import { scheduleSentence } from '#data/payment-schedule.ts';
import { dueNote, lineAmountText } from '#features/orders/priced-items.ts';
import { quote } from './quote.ts';
import { CHECKOUT } from './copy.ts';
import { checkoutSchema } from './schema.ts';

const FIELDS = ['name', 'email', 'phone', 'businessName', 'extraPages', 'terms'] as const;

function values(form: HTMLFormElement): Record<string, unknown> {
  const data = Object.fromEntries(new FormData(form).entries());
  return Object.fromEntries(Object.entries(data).filter(([, v]) => typeof v === 'string'));
}

function showTotal(form: HTMLFormElement) {
  const raw = values(form);
  const pages = Number(raw.extraPages ?? 0);
  const priced = quote(pricing.checkout, {
    extraPages: Number.isInteger(pages) && pages > 0 ? pages : 0,
    monthly: raw.monthly !== undefined,
  });
  const summary = document.querySelector('[data-summary]');
  const total = summary?.querySelector('[data-total]');
  if (total) total.textContent = formatPrice(priced.totalCents);
  const schedule = summary?.querySelector('[data-schedule]');
  if (schedule) schedule.textContent = scheduleSentence(pricing.schedule, priced.totalCents);
  const due = summary?.querySelector('[data-due-note]');
  if (due) {
    due.textContent = dueNote(
      priced.monthly?.cents ?? null,
      due.getAttribute('data-due-note') === 'invoice' ? 'invoice' : 'card',
      pricing.schedule.kind === 'deposit',
    );
  }
  const lines = summary?.querySelector('[data-lines]');
  if (lines) {
    lines.replaceChildren(
      ...priced.items.map((item) => {
        const li = document.createElement('li');
        li.className = 'flex justify-between gap-3';
        const what = document.createElement('span');
        what.textContent = `${item.quantity > 1 ? `${item.quantity} × ` : ''}${item.description}`;
        const amount = document.createElement('span');
        amount.textContent = lineAmountText(item);
        li.append(what, amount);
        return li;
      }),
    );
  }
}

/** The schema's first message per field for what the form holds now ({} when it is valid). */
function errorsOf(form: HTMLFormElement): FieldErrors {
  const result = checkoutSchema.safeParse(values(form));
  const errors: FieldErrors = {};
  if (!result.success) for (const issue of result.error.issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return errors;
}

/** The page's notice over a form a plain post sent back refused ('Please correct the fields marked below.'). */
const errorSummary = () =>
  [...document.querySelectorAll('[role="alert"]')].find((el) => el.textContent?.trim() === CHECKOUT.invalidNotice);

export function enhanceCheckout(form: HTMLFormElement) {
  form.noValidate = true;
  const summary = errorSummary();
  // Messages a plain post came back with go as soon as their field is corrected.
  clearFieldErrorsWhenFixed(form, 'checkout', FIELDS, () => errorsOf(form), summary);
  // Options changed before this ran (it loads after the first paint).
  showTotal(form);
  form.addEventListener('input', () => showTotal(form));
  form.addEventListener('change', () => showTotal(form));
  let sending = false;
  form.addEventListener('submit', (event) => {
    if (sending) {
      // A double click: the first submit is on its way (and the key would find its order anyway).
      event.preventDefault();
      return;
    }
    const errors = errorsOf(form);
    showFieldErrors(form, 'checkout', FIELDS, errors, summary);
    if (Object.keys(errors).length > 0) {
      event.preventDefault();
      return;
    }
    sending = true;
    const button = form.querySelector<HTMLButtonElement>('[data-submit]');
    if (button) {
      button.setAttribute('aria-disabled', 'true');
      button.textContent = CHECKOUT.pending;
    }
  });
  // Back from the payment page or /thank-you (bfcache): the form works again.
  window.addEventListener('pageshow', () => {
    sending = false;
    const button = form.querySelector<HTMLButtonElement>('[data-submit]');
    if (button) {
      button.removeAttribute('aria-disabled');
      button.textContent = CHECKOUT.submit;
    }
  });
}
