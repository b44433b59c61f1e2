/** Words of the review rounds: the customer's 'Review your site' and the admin's preview form. */
import { pricing } from '#data/pricing.ts';

/** 'one round of revisions': the allowance in words, for the customer's page and e-mails. */
export const includedRoundsText = (included: number | null) =>
  included === null
    ? 'unlimited revisions'
    : included === 1
      ? 'one round of revisions'
      : `${included} rounds of revisions`;

export const REVIEW = {
  title: 'Review your site',
  lead: 'Your preview is ready. Look through every page on your phone and your computer, then tell us what you think.',
  openPreview: 'Open your preview',
  approve: 'Approve for launch',
  approveHint: 'We put the site live and e-mail you when it is.',
  requestChanges: 'Request changes',
  changesLabel: 'What should we change?',
  changesHint: 'Name the page and what to change on it: one change per line helps.',
  changesRequired: 'Tell us what to change (up to 5,000 characters)',
  changesTooLong: 'Keep it under 5,000 characters; attach a document if you have more.',
  changesControl: 'Remove the special characters from your request',
  /** What the offer includes, said before the customer sends a request. */
  allowance: (used: number, included: number | null) =>
    included === null
      ? `Your website includes ${includedRoundsText(null)}.`
      : used < included
        ? `Your website includes ${includedRoundsText(included)} after the initial build; this request is round ${used + 1} of ${included}.`
        : `Your website includes ${includedRoundsText(included)} after the initial build, already used. We still take this request and send you a quote for it before we start.`,
  approvedNotice: 'Thank you! You approved your site for launch. We will e-mail you when it is live.',
  changesNotice: 'Thank you! We have your changes and will e-mail you when the next preview is ready.',
  answered: 'This preview was already answered. The page shows where your project stands now.',
  notOpen: 'There is no preview waiting for your answer.',
  notFound: 'Order not found',
  limited: 'Too many answers in a short time. Please wait a few minutes.',
  /** The history line each answer writes (the customer's page shows it too). */
  approvedStep: 'Approved for launch by the customer',
  changesStep: (round: number) => `Changes requested (round ${round})`,
  changesStepExtra: (round: number) => `Changes requested (round ${round}, beyond what is included)`,
  pastRounds: 'Earlier previews',
  /** The change request as posted to the order's Messages (with its image, if any). */
  changesMessage: (changes: string) => `Change request: ${changes}`,
  fileLabel: 'Attach an image (optional)',
  fileRefused:
    'That file could not be attached: use a JPEG, PNG, WebP, GIF or AVIF image up to 10 MB. Nothing was sent; please try again.',
  fileHint:
    'A screenshot or a photo to use: JPEG, PNG, WebP, GIF or AVIF, up to 10 MB. It also appears in Messages below.',
  youAsked: 'You asked',
  approvedOn: (when: string) => `Approved ${when}`,
} as const;

export const REVIEW_NOTICES: ReadonlyMap<string, { tone: 'success' | 'error'; text: string }> = new Map([
  ['approved', { tone: 'success', text: REVIEW.approvedNotice }],
  ['changes-requested', { tone: 'success', text: REVIEW.changesNotice }],
  ['answered', { tone: 'error', text: REVIEW.answered }],
  ['not-open', { tone: 'error', text: REVIEW.notOpen }],
  ['limited', { tone: 'error', text: REVIEW.limited }],
  ['invalid', { tone: 'error', text: REVIEW.changesRequired }],
  ['file', { tone: 'error', text: REVIEW.fileRefused }],
]);

/** The admin's side: posting a preview and reading the answers. */
export const ADMIN_REVIEW = {
  title: 'Preview and review',
  previewUrlLabel: 'Preview address',
  previewUrlHint: 'The https:// address where the customer can see the site',
  badPreviewUrl: 'Enter the preview as a full http:// or https:// address (up to 300 characters)',
  messageLabel: 'Message to the customer (optional)',
  messageTooLong: 'Keep the message under 2,000 characters',
  messageControl: 'Remove the special characters from the message',
  post: 'Post preview',
  posted: 'Preview posted: the customer has been e-mailed to review it.',
  notPostable:
    'A preview can be posted once the order is paid, while the build is underway and no preview waits for an answer',
  waiting: 'Waiting for the customer to approve or request changes.',
  extraWork: 'Extra work: beyond the revision rounds included',
  included: `Included: ${includedRoundsText(pricing.includedRevisionRounds)}`,
  round: (n: number) => `Round ${n}`,
  approvedBy: (who: string, when: string) => `Approved by ${who} on ${when}`,
  changesBy: (who: string, when: string) => `Changes requested by ${who} on ${when}`,
  notApproved:
    'No preview has been approved yet: launch only once the customer has approved (by phone or e-mail if not here).',
  postedStep: (round: number) => `Preview ${round} ready`,
} as const;
