/** The platform's own error messages, in our JSON `{ error }` shape. */
export const API_ERRORS = {
  methodNotAllowed: 'Method not allowed',
  notFound: 'Not found',
  unsupportedMediaType: 'Content-Type must be application/json',
  tooLarge: 'Request body is too large',
  malformedJson: 'Request body is not valid JSON',
  notObject: 'Expected a JSON object',
  malformedForm: 'Request body is not a valid form',
  badRequest: 'Bad request',
  headersTooLarge: 'Request headers are too large',
  timeout: 'The request took too long',
  notImplemented: 'Method not implemented',
  validation: 'Please correct the highlighted fields',
  crossSite: 'Cross-site requests are not allowed',
  notSignedIn: 'You are not signed in',
  forbidden: 'You do not have access to this',
  rateLimited: 'Too many requests. Please try again later.',
  internal: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'We cannot save or look anything up right now. Please try again in a few minutes.',
} as const;

/** Why GET /healthz answers 503 (read by people and load balancers, in `reason`). */
export const HEALTH = {
  databaseUnreachable: 'The database did not answer',
  outboxStuck: (waitedSeconds: number, limitSeconds: number) =>
    `The outbox is stuck: the oldest mail due for delivery has waited ${waitedSeconds} s (limit ${limitSeconds} s)`,
} as const;
