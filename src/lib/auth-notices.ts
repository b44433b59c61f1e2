import { AUTH } from './messages';

/** Messages for `?error=` / `?notice=` codes set by plain (no-JavaScript) form posts. */
export const AUTH_FORM_ERRORS: Record<string, string> = {
  invalid: 'Please check the form: a valid email address, and a password of 8 to 128 characters.',
  credentials: AUTH.invalidCredentials,
  limited: 'Too many attempts. Please wait a few minutes and try again.',
  taken: AUTH.emailTaken,
  common: AUTH.passwordCommon,
  'invalid-password': AUTH.passwordMin,
  expired: AUTH.tokenExpired,
  used: AUTH.tokenUsed,
};

export const ACCOUNT_NOTICES: Record<string, { tone: 'success' | 'error'; text: string }> = {
  'others-ended': { tone: 'success', text: AUTH.otherSessionsEnded },
  'password-changed': { tone: 'success', text: AUTH.passwordChanged },
  'password-reset': { tone: 'success', text: AUTH.passwordReset },
  activated: { tone: 'success', text: AUTH.activated },
  'password-invalid': { tone: 'error', text: AUTH_FORM_ERRORS.invalid! },
  'wrong-password': { tone: 'error', text: AUTH.wrongCurrentPassword },
  'common-password': { tone: 'error', text: AUTH.passwordCommon },
  limited: { tone: 'error', text: AUTH_FORM_ERRORS.limited! },
};
