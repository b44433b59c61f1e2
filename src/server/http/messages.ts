/** The platform's own error messages, in our JSON `{ error }` shape. */
export const API_ERRORS = {
  methodNotAllowed: 'Method not allowed',
  notFound: 'Not found',
  unsupportedMediaType: 'Content-Type must be application/json',
  tooLarge: 'Request body is too large',
  malformedJson: 'Request body is not valid JSON',
  validation: 'Please correct the highlighted fields',
  crossSite: 'Cross-site requests are not allowed',
  rateLimited: 'Too many requests. Please try again later.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;
