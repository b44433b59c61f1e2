/**
 * The contact form in the browser (ContactSection.astro loads it on first use): the endpoint's
 * own schema puts a message next to each field on submit (no browser bubbles), a valid form is
 * posted as JSON, and the outcome is the section's own notice (the one a plain post's redirect
 * shows by #fragment), shown in place.
 */
import { showFieldErrors } from '../../components/ui/field-errors.ts';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { CONTACT } from './messages.ts';
import { CONTACT_FIELDS, contactSchema, HONEYPOT_FIELD } from './schema.ts';

type Errors = Partial<Record<string, string>>;
/** The notices' ids are `contact-{outcome}`, as the endpoint's redirects name them. */
type Outcome = 'sent' | 'invalid' | 'limited' | 'error';

const OUTCOMES: readonly Outcome[] = ['sent', 'invalid', 'limited', 'error'];

/** Only this outcome's notice (or none), overriding any :target one from an earlier plain post. */
function showNotice(outcome: Outcome | null) {
  for (const name of OUTCOMES) {
    const notice = document.getElementById(`contact-${name}`);
    if (!notice) continue;
    if (name !== outcome) {
      notice.style.display = 'none';
      continue;
    }
    // Shown first and filled a moment later, so screen readers hear a change in a live region
    // (a status region that merely appears is not always announced).
    const content = [...notice.childNodes];
    notice.replaceChildren();
    notice.style.display = 'block';
    notice.scrollIntoView({ block: 'nearest' });
    setTimeout(() => notice.append(...content), 100);
  }
}

function outcomeOf(error: unknown): Outcome {
  if (!(error instanceof ApiError)) return 'error';
  return error.status === 400 ? 'invalid' : error.status === 429 ? 'limited' : 'error';
}

export function enhanceContactForm(form: HTMLFormElement) {
  form.noValidate = true;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  let sending = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending) return;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const parsed = contactSchema.safeParse(data);
    if (!parsed.success) {
      const errors: Errors = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      showFieldErrors(form, 'contact', CONTACT_FIELDS, errors);
      return;
    }
    showFieldErrors(form, 'contact', CONTACT_FIELDS, {});
    showNotice(null);
    sending = true;
    if (button) {
      button.disabled = true;
      button.textContent = CONTACT.pending;
    }
    try {
      await apiRequest('POST', '/api/contact', { ...parsed.data, [HONEYPOT_FIELD]: data[HONEYPOT_FIELD] ?? '' });
      form.reset();
      showNotice('sent');
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        showFieldErrors(
          form,
          'contact',
          CONTACT_FIELDS,
          Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0]])),
        );
      }
      showNotice(outcomeOf(error));
    } finally {
      sending = false;
      if (button) {
        button.disabled = false;
        button.textContent = CONTACT.submit;
      }
    }
  });
}
