/** Words people see in two-factor sign-in: shared by the forms, the endpoints and the tests. */
import { API_ERRORS } from '#server/http/copy.ts';

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

export const TWO_FACTOR = {
  codeRequired: 'Please enter the code from your authenticator app',
  codeType: 'The code must be text',
  codeTooLong: 'That is not a code from your authenticator app or a recovery code',
  passwordRequired: 'Please enter your current password',
  wrongPassword: 'Your current password is not correct',
  wrongCode: 'That code is not correct or has already been used. Wait for the next code and try again.',
  wrongSignInCode: 'That code is not correct or has already been used',
  noSignInWaiting: 'Your sign-in has expired. Please log in again.',
  notSetUp: 'Two-factor sign-in is not turned on for this account',
  alreadyOn: 'Two-factor sign-in is already on for this account',
  noSetupStarted: 'Start the set-up again: press "Set up two-factor sign-in".',
  setupStarted: 'Scan the QR code with your authenticator app, then enter the code it shows.',
  enabled:
    'Two-factor sign-in is on. Every other device has been signed out. Save your recovery codes now: they are shown only once.',
  disabled: 'Two-factor sign-in is off. You sign in with your password alone.',
  regenerated: 'You have new recovery codes; the old ones no longer work. Save them now: they are shown only once.',
  codeStepHeading: 'Enter your sign-in code',
  codeStepTitle: 'Two-factor sign-in',
  codeStepLead:
    'Your account uses two-factor sign-in. Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  codeLabel: 'Authentication code',
  codeHint: 'The 6-digit code from your authenticator app, or a recovery code such as abcd-efgh-jkmn-pqrs.',
  verifiedTitle: 'Login successful',
  verifiedDescription: 'Welcome back!',
  verifyFailedTitle: 'Code not accepted',
  recoveryCodeUsed: 'You signed in with a recovery code. It cannot be used again.',
  adminRequired:
    'Your admin account can refund orders, change prices and read every customer’s data, so it needs two-factor sign-in: set it up on your account page before the back office opens.',
  adminSetUpBelow:
    'Your admin account can refund orders, change prices and read every customer’s data, so it needs two-factor sign-in. Set it up below: the back office opens once it is on.',
  adminKeepsItOn:
    'Admin accounts keep two-factor sign-in on. Lost your phone? Sign in with a recovery code, or ask whoever runs the server to reset it (docs/operations.md).',
} as const;

/**
 * Notice codes (the form-outcome cookie's `notice`) for the account page's two-factor section,
 * shown inside the section (next to its forms). A Map: a browser can send any code, and
 * `valueOf` must find nothing.
 */
export const TWO_FACTOR_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map(
  Object.entries({
    'two-factor-setup': { tone: 'success', text: TWO_FACTOR.setupStarted },
    'two-factor-enabled': { tone: 'success', text: TWO_FACTOR.enabled },
    'two-factor-disabled': { tone: 'success', text: TWO_FACTOR.disabled },
    'two-factor-regenerated': { tone: 'success', text: TWO_FACTOR.regenerated },
    'two-factor-recovery-used': { tone: 'success', text: TWO_FACTOR.recoveryCodeUsed },
    'two-factor-wrong-code': { tone: 'error', text: TWO_FACTOR.wrongCode },
    'two-factor-wrong-password': { tone: 'error', text: TWO_FACTOR.wrongPassword },
    'two-factor-no-setup': { tone: 'error', text: TWO_FACTOR.noSetupStarted },
    'two-factor-already-on': { tone: 'error', text: TWO_FACTOR.alreadyOn },
    'two-factor-not-on': { tone: 'error', text: TWO_FACTOR.notSetUp },
    'two-factor-admin-keeps-it': { tone: 'error', text: TWO_FACTOR.adminKeepsItOn },
    'two-factor-invalid': { tone: 'error', text: API_ERRORS.validation },
    'two-factor-limited': { tone: 'error', text: TOO_MANY },
    'two-factor-error': { tone: 'error', text: API_ERRORS.internal },
  }),
);

/** Error codes of the sign-in code step on /auth (the form-outcome cookie's `notice`). */
export const CODE_STEP_ERRORS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    'code-wrong': TWO_FACTOR.wrongSignInCode,
    'code-invalid': TWO_FACTOR.codeRequired,
    'code-limited': TOO_MANY,
    'code-expired': TWO_FACTOR.noSignInWaiting,
    'code-error': API_ERRORS.internal,
  }),
);
