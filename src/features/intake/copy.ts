/** Words around the website intake: shared by its pages, script, endpoints and tests. */
export const INTAKE = {
  title: 'Website intake',
  completeLink: 'Complete Intake',
  saveDraft: 'Save draft',
  next: 'Next',
  back: 'Back',
  submit: 'Submit intake',
  saved: 'Saved',
  notSaved: 'Not saved yet',
  saving: 'Saving…',
  offline: 'Not saved yet: you are offline. We will save as soon as the connection returns.',
  /** Beside the buttons when Next, Back or Submit cannot go on for want of a connection. */
  offlineLeave:
    'You are offline, so we cannot go on yet. Your answers are kept on this device and saved when the connection returns; then press the button again.',
  /** Beside the buttons when a save failed for another reason (the server, a flaky network). */
  notSavedLeave: 'Your latest answers are not saved yet. We keep trying; please press the button again in a moment.',
  notAnswered: 'Not answered',
  conflict:
    'This intake was changed in another tab or on another device. Reload the page to see the latest version before you continue.',
  locked: 'This intake has been submitted. Contact us if you need to change something.',
  notFound: 'Intake not found',
  submitted: 'Thank you! Your intake is submitted and we are getting started.',
  draftSaved: 'Draft saved.',
  missing: 'Please answer this question before you submit',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  control: 'Please remove control characters (such as NUL) from this answer',
  choose: 'Please choose one of the options',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  version: 'Reload the page: the form is out of date',
  invalidNotice: 'Please correct the answers marked below.',
  submitMissing: 'A few answers are still missing. They are marked below.',
} as const;

/**
 * The intake page's notice after a plain form post, by the code in the form-outcome cookie
 * (src/features/intake/intake-notice.ts): a Map, so a crafted code finds nothing.
 */
export const INTAKE_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ['saved', { tone: 'success', text: INTAKE.draftSaved }],
  ['submitted', { tone: 'success', text: INTAKE.submitted }],
  ['conflict', { tone: 'error', text: INTAKE.conflict }],
  ['locked', { tone: 'error', text: INTAKE.locked }],
  ['invalid', { tone: 'error', text: INTAKE.invalidNotice }],
  ['incomplete', { tone: 'error', text: INTAKE.submitMissing }],
  ['limited', { tone: 'error', text: 'You are saving very often. Please wait a moment and try again.' }],
  ['error', { tone: 'error', text: 'We could not save your answers. Please try again.' }],
]);
