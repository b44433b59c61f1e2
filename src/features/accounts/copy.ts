/** Words people see in the accounts feature: shared by islands, endpoints, pages and tests. */
import { API_ERRORS } from '#server/http/copy.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './password-rules.ts';
import { TWO_FACTOR } from './two-factor/copy.ts';

export const AUTH = {
  nameMin: 'Name must be at least 2 characters',
  nameMax: 'Name must be at most 100 characters',
  nameType: 'Name must be text',
  nameControl: 'Please use one line of plain text for your name',
  passwordType: 'Password must be text',
  email: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password',
  passwordMin: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordMax: `Password must be at most ${PASSWORD_MAX} characters`,
  passwordHint: `At least ${PASSWORD_MIN} characters. Avoid common passwords.`,
  passwordCommon: 'This password is too common. Please choose a less predictable one.',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  notSignedIn: API_ERRORS.notSignedIn,
  forbidden: API_ERRORS.forbidden,
  adminNeedsTwoFactor: TWO_FACTOR.adminRequired,
  wrongCurrentPassword: 'Your current password is not correct',
  loginSuccessTitle: 'Login successful',
  loginSuccessDescription: 'Welcome back!',
  registerSuccessTitle: 'Registration successful',
  registerSuccessDescription: 'Your account has been created',
  logoutTitle: 'Logged out',
  logoutDescription: 'You have been logged out successfully',
  loginFailedTitle: 'Login failed',
  registrationFailedTitle: 'Registration failed',
  logoutFailedTitle: 'Logout failed',
  logoutFailedNotice: 'Logout failed: you are still signed in. Please try again.',
  /** A form's button while its request is under way (/auth). */
  pending: 'Please wait…',
  somethingWentWrong: 'Something went wrong on our side. Please try again.',
  linkSent: 'If an account exists for that email, we have sent a link to it. Check your inbox.',
  tokenInvalid: 'This link is not valid. Request a new one below.',
  tokenExpired: 'This link has expired. Request a new one below.',
  tokenUsed: 'This link has already been used. Request a new one below, or log in.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  passwordReset: 'Your password has been reset and you are signed in.',
  activated: 'Your account is active and you are signed in.',
  passwordSetCodeNext: 'Your new password is set. Enter the code from your authenticator app to finish signing in.',
  otherSessionsEnded: 'You have been signed out on all other devices.',
  /**
   * On /auth for a buyer whose account the order created: it has no password until the
   * activation link is opened, so neither form can work for them yet. Said to everyone, so it
   * tells nobody whether an address has an account.
   */
  orderedNotActivated:
    'Placed an order with us? Your account is already there: choose its password with the activation link we e-mailed you, then log in here.',
  resendActivation: 'Send the activation link again',
} as const;

/** /auth's page heading, by what the page shows (its script keeps it in step without a reload). */
export const AUTH_PAGE_HEADING = {
  signedOut: 'Log in or create an account',
  signedIn: 'You are signed in',
  secondFactor: TWO_FACTOR.codeStepHeading,
} as const;
export type AuthPageState = keyof typeof AUTH_PAGE_HEADING;

/** Profile, e-mail change, sessions, data export and account deletion (the account page and /confirm-email). */
export const PROFILE = {
  emailPasswordNeeded: 'Please enter your current password to change your email address',
  emailSame: 'This is already your email address',
  profileSaved: 'Your profile has been saved.',
  emailChangeSent:
    'We sent a confirmation link to your new email address. Your email changes when you open it (within 24 hours).',
  emailChangeResent: 'We sent the confirmation link again. It works for 24 hours.',
  emailChangeCanceled: 'The email change has been canceled. Your email address stays the same.',
  noPendingEmail: 'There is no email change waiting for confirmation.',
  emailConfirmed: 'Your email address has been changed. Use the new address to log in from now on.',
  emailChangeTaken: 'This email address now belongs to another account, so your email address has not changed.',
  emailChangeUsed:
    'This link has already been used. If you opened it before, your new email address is already in effect.',
  emailChangeExpired: 'This link has expired. Request the change again from your account page.',
  emailChangeInvalid: 'This link is not valid. Request the change again from your account page.',
  deleteConfirmWord: 'DELETE',
  deleteConfirmMismatch: 'Please type DELETE to confirm',
  deleteAdminRefused:
    'Administrator accounts cannot be deleted here. Ask another administrator to remove your access first.',
  accountDeleted: 'Your account has been deleted. Thank you for working with us.',
  exportLimited: 'You have downloaded your data several times recently. Please try again later.',
  /** In the export, when contact messages are left out (see account-export.server.ts). */
  exportContactUnconfirmed:
    'Messages sent through the contact form are included once this account has confirmed its email address (through an activation, password reset or email change link).',
} as const;

/** Verifying the account's own address (/verify-email and the notice on /account). */
export const VERIFY = {
  unverifiedNotice:
    'Please confirm your email address: open the link we sent to it and press the button. Until then, orders placed without logging in and offers sent to this address are not shown here.',
  resend: 'Send the link again',
  sent: 'We sent a new confirmation link to your email address. It works for 48 hours.',
  alreadyVerified: 'Your email address is already confirmed.',
  verified: 'Your email address is confirmed. Thank you!',
  button: 'Confirm my email address',
  pageLead: 'Press the button to confirm that this address is yours.',
  invalid: 'This link is not valid. Log in and ask for a new one on your account page.',
  expired: 'This link has expired. Log in and ask for a new one on your account page.',
  used: 'This link has already been used. If you pressed the button before, your email address is already confirmed.',
  emailChangeButton: 'Confirm my new email address',
  emailChangeLead: 'Press the button to use this address for your account from now on.',
} as const;

/**
 * Messages for the notice codes (the form-outcome cookie's `notice`) that plain (no-JavaScript)
 * form posts leave. Maps, not objects: a browser can send any cookie, and `valueOf` must find
 * nothing.
 */
const FORM_ERRORS = {
  invalid: `Please check the form: a valid email address, and a password of ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
  credentials: AUTH.invalidCredentials,
  limited: 'Too many attempts. Please wait a few minutes and try again.',
  taken: AUTH.emailTaken,
  common: AUTH.passwordCommon,
  'invalid-password': AUTH.passwordMin,
  expired: AUTH.tokenExpired,
  used: AUTH.tokenUsed,
};
export const AUTH_FORM_ERRORS: ReadonlyMap<string, string> = new Map(Object.entries(FORM_ERRORS));

export const ACCOUNT_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map(
  Object.entries({
    'others-ended': { tone: 'success', text: AUTH.otherSessionsEnded },
    'password-changed': { tone: 'success', text: AUTH.passwordChanged },
    'password-reset': { tone: 'success', text: AUTH.passwordReset },
    activated: { tone: 'success', text: AUTH.activated },
    'password-invalid': { tone: 'error', text: FORM_ERRORS.invalid },
    'wrong-password': { tone: 'error', text: AUTH.wrongCurrentPassword },
    'common-password': { tone: 'error', text: AUTH.passwordCommon },
    limited: { tone: 'error', text: FORM_ERRORS.limited },
    'logout-failed': { tone: 'error', text: AUTH.logoutFailedNotice },
    error: { tone: 'error', text: AUTH.somethingWentWrong },
    'profile-saved': { tone: 'success', text: PROFILE.profileSaved },
    'email-change-sent': { tone: 'success', text: PROFILE.emailChangeSent },
    'email-change-resent': { tone: 'success', text: PROFILE.emailChangeResent },
    'email-change-canceled': { tone: 'success', text: PROFILE.emailChangeCanceled },
    'no-pending-email': { tone: 'error', text: PROFILE.noPendingEmail },
    'profile-invalid': { tone: 'error', text: API_ERRORS.validation },
    'email-taken': { tone: 'error', text: AUTH.emailTaken },
    'email-password-needed': { tone: 'error', text: PROFILE.emailPasswordNeeded },
    'delete-invalid': { tone: 'error', text: API_ERRORS.validation },
    'delete-admin': { tone: 'error', text: PROFILE.deleteAdminRefused },
    'verify-sent': { tone: 'success', text: VERIFY.sent },
    'already-verified': { tone: 'success', text: VERIFY.alreadyVerified },
  }),
);

/** Notice codes of /auth, where people land after their account is gone. */
export const AUTH_PAGE_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map(
  Object.entries({
    'account-deleted': { tone: 'success', text: PROFILE.accountDeleted },
    'password-set-code-next': { tone: 'success', text: AUTH.passwordSetCodeNext },
  }),
);
