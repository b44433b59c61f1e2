/**
 * A field's border with and without an error: form-field.ts renders them, showFieldErrors
 * toggles them. Here rather than there, so the browser-side script does not pull in (and make
 * every page keep the long names of) the whole field look.
 */
export const FIELD_BORDER = { error: 'border-red-700', normal: 'border-slate-400' } as const;

/**
 * Puts a form's field messages in place in the browser, as FormField renders them on the server:
 * each control with a message is aria-invalid, described by its message while it stands (other
 * descriptions, such as a hint, kept) and bordered red; a field without one is cleared. Focus
 * goes to the first field with a message. Controls are `#{prefix}-{field}`, their message slots
 * `#{prefix}-{field}-error`.
 */
export function showFieldErrors(
  form: HTMLFormElement,
  prefix: string,
  fields: readonly string[],
  errors: Partial<Record<string, string>>,
): void {
  for (const field of fields) {
    const control = form.querySelector<HTMLElement>(`#${prefix}-${field}`);
    if (!control) continue;
    const message = errors[field];
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
  const first = fields.find((field) => errors[field]);
  if (first) form.querySelector<HTMLElement>(`#${prefix}-${first}`)?.focus();
}
