/** Words on the admin's website-info screens. */
export const ADMIN_INTAKES = {
  title: 'Website intake',
  notFound: 'Intake not found',
  notSubmitted: 'Only a submitted intake can be reopened; this one is already open for the customer.',
  reopened: 'The intake is open again: the customer can edit and submit it.',
  reopen: 'Reopen for the customer',
  print: 'Print',
  notAnswered: 'Not answered',
  states: { draft: 'Draft', submitted: 'Submitted' },
} as const;

export type IntakeNotice = { tone: 'success' | 'error'; text: string };

/** Notice codes (the form-outcome cookie) on /admin/website-info/{id}. */
export const ADMIN_INTAKE_NOTICES: ReadonlyMap<string, IntakeNotice> = new Map([
  ['reopened', { tone: 'success', text: ADMIN_INTAKES.reopened }],
  ['not-submitted', { tone: 'error', text: ADMIN_INTAKES.notSubmitted }],
  ['error', { tone: 'error', text: 'Something went wrong. Please try again.' }],
  ['limited', { tone: 'error', text: 'Too many requests. Please wait a moment and try again.' }],
]);

/** Notice codes (the form-outcome cookie) on /admin/website-info: a form posted for an intake that does not exist lands there. */
export const ADMIN_INTAKE_LIST_NOTICES: ReadonlyMap<string, IntakeNotice> = new Map([
  ['not-found', { tone: 'error', text: ADMIN_INTAKES.notFound }],
]);
