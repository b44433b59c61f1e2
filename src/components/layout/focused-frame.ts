/**
 * The focused frame's one column (/checkout): header, title, content and footer share its edges,
 * so the order summary ends where the phone number does.
 */
export const FOCUSED_CONTAINER = 'mx-auto w-full max-w-5xl px-4 sm:px-6';
