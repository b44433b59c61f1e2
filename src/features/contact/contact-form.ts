/**
 * The contact form in the browser (ContactSection.astro loads it on first use): the endpoint's
 * own schema puts a message next to each field on submit (no browser bubbles) and takes it away
 * as soon as the field is corrected; a valid form is posted as JSON, and the outcome is a toast
 * (the page's Toaster mounts on the first one).
 */
import { clearFieldErrorsWhenFixed, showFieldErrors, type FieldErrors } from '#components/ui/field-errors.ts';
import { ApiError, apiRequest } from '#lib/api.ts';
import { toast } from '#lib/stores/toast.ts';
import { CONTACT } from './copy.ts';
import { CONTACT_FIELDS, contactSchema, HONEYPOT_FIELD } from './schema.ts';

const valuesOf = (form: HTMLFormElement) => Object.fromEntries(new FormData(form)) as Record<string, string>;

/** The schema's first message per field for what the form holds now ({} when it is valid). */
function errorsOf(form: HTMLFormElement): FieldErrors {
  const parsed = contactSchema.safeParse(valuesOf(form));
  const errors: FieldErrors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

export function enhanceContactForm(form: HTMLFormElement) {
  form.noValidate = true;
  // Says the form's code runs (tests and styles can wait for it).
  form.dataset.enhanced = '';
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  // The notice of a plain post (/contact/result); when it sums up refused fields, it stays in
  // step with their messages.
  const notice = document.getElementById('contact-notice');
  const summary = document.getElementById('contact-summary');
  clearFieldErrorsWhenFixed(form, 'contact', CONTACT_FIELDS, () => errorsOf(form), summary);
  let sending = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending) return;
    const errors = errorsOf(form);
    showFieldErrors(form, 'contact', CONTACT_FIELDS, errors, summary);
    if (Object.keys(errors).length > 0) return;
    notice?.remove();
    const data = valuesOf(form);
    sending = true;
    if (button) {
      button.disabled = true;
      button.textContent = CONTACT.pending;
    }
    try {
      await apiRequest('POST', '/api/contact', {
        ...contactSchema.parse(data),
        [HONEYPOT_FIELD]: data[HONEYPOT_FIELD] ?? '',
      });
      form.reset();
      toast({ title: CONTACT.sentTitle, description: CONTACT.sentDescription });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const fields = Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0]]);
        showFieldErrors(form, 'contact', CONTACT_FIELDS, Object.fromEntries(fields));
      }
      toast({ title: CONTACT.errorTitle, description: CONTACT.errorDescription, variant: 'destructive' });
    } finally {
      sending = false;
      if (button) {
        button.disabled = false;
        button.textContent = CONTACT.submit;
      }
    }
  });
  // The loader holds a submit made before this code was here (`sent` 1, template-loader.ts):
  // send it now, checked. From now on (2) every submit is this code's.
  const loader = form as HTMLFormElement & { sent?: 1 | 2 };
  const held = loader.sent === 1;
  loader.sent = 2;
  if (held) form.requestSubmit();
}
