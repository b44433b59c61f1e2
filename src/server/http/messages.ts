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
  rateLimited: 'Too many requests. Please try again later.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;
