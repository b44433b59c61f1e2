/**
 * A field's border with and without an error: form-field.ts renders them, showFieldErrors
 * toggles them. Here rather than there, so the browser-side script does not pull in (and make
 * every page keep the long names of) the whole field look.
 */
export const FIELD_BORDER = { error: 'border-red-700', normal: 'border-slate-400' } as const;

/** A form's messages by field name; a field without one is valid. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * One field's message in place, as FormField renders it on the server: with a message the control
 * is aria-invalid, described by it (other descriptions, such as a hint, kept) and bordered red;
 * without one all of that is cleared. Controls are `#{prefix}-{field}`, their message slots
 * `#{prefix}-{field}-error`.
 */
function setFieldError(form: HTMLFormElement, prefix: string, field: string, message: string | undefined) {
  const control = form.querySelector<HTMLElement>(`#${prefix}-${field}`);
  if (!control) return;
  const errorId = `${prefix}-${field}-error`;
  const slot = form.querySelector(`#${errorId}`);
  if (message) control.setAttribute('aria-invalid', 'true');
  else control.removeAttribute('aria-invalid');
  // Only FormField's controls have these borders (a checkbox has none to change).
  if (control.classList.contains(FIELD_BORDER.error) || control.classList.contains(FIELD_BORDER.normal)) {
    control.classList.toggle(FIELD_BORDER.error, Boolean(message));
    control.classList.toggle(FIELD_BORDER.normal, !message);
  }
  const describedBy = (control.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter((id) => id && id !== errorId);
  if (message && slot) describedBy.push(errorId);
  if (describedBy.length > 0) control.setAttribute('aria-describedby', describedBy.join(' '));
  else control.removeAttribute('aria-describedby');
  if (slot) slot.textContent = message ?? '';
}

/** The message a field shows now ('' for none). */
/** A field's message as shown: a message element holding only whitespace (markup's line breaks) shows none. */
const shownError = (form: HTMLFormElement, prefix: string, field: string) =>
  form.querySelector(`#${prefix}-${field}-error`)?.textContent?.trim() ?? '';

/** An error summary (the notice over a refused form) shows while any field shows a message. */
function keepSummaryInStep(form: HTMLFormElement, prefix: string, fields: readonly string[], summary?: Element | null) {
  if (summary instanceof HTMLElement) summary.hidden = !fields.some((field) => shownError(form, prefix, field));
}

/**
 * Puts a form's field messages in place (each field with a message is marked, every other one
 * cleared) and focuses the first field with a message; `summary` shows only while one stands.
 */
export function showFieldErrors(
  form: HTMLFormElement,
  prefix: string,
  fields: readonly string[],
  errors: FieldErrors,
  summary?: Element | null,
): void {
  for (const field of fields) setFieldError(form, prefix, field, errors[field]);
  keepSummaryInStep(form, prefix, fields, summary);
  const first = fields.find((field) => errors[field]);
  if (first) form.querySelector<HTMLElement>(`#${prefix}-${first}`)?.focus();
}

/**
 * A field's message goes as soon as the field is valid (on input or when focus leaves it), and a
 * message that still stands follows what the field now needs; fields without a message get none
 * until the next submit (nobody is told off while still typing). `summary` stays in step. Runs
 * once at once too: a field corrected before this script arrived is cleared.
 */
export function clearFieldErrorsWhenFixed(
  form: HTMLFormElement,
  prefix: string,
  fields: readonly string[],
  validate: () => FieldErrors,
  summary?: Element | null,
): void {
  const update = () => {
    const shown = fields.filter((field) => shownError(form, prefix, field));
    if (shown.length === 0) return;
    const errors = validate();
    for (const field of shown) {
      if (errors[field] !== shownError(form, prefix, field)) setFieldError(form, prefix, field, errors[field]);
    }
    keepSummaryInStep(form, prefix, fields, summary);
  };
  form.addEventListener('input', update);
  form.addEventListener('focusout', update);
  update();
}
