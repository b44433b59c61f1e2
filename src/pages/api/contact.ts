import { postContact } from '#features/contact/handlers/post-contact.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postContact;
export const ALL = methodNotAllowed('POST');
