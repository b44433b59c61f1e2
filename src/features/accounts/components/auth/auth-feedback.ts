/** A failed no-JavaScript post's field messages and kept values (from the form-outcome cookie). */
export interface FormFeedback {
  errors: Partial<Record<string, string>>;
  values: Partial<Record<string, string>>;
}

/** /auth's forms' feedback, by form. */
export interface AuthFeedback {
  login?: FormFeedback;
  register?: FormFeedback;
}

/** A form's endpoint, carrying where to go after signing in when there is somewhere. */
export const withNext = (path: string, next: string | null) =>
  next ? `${path}?next=${encodeURIComponent(next)}` : path;
