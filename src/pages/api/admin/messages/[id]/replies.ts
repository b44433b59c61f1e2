import { postContactReply } from '#features/contact/admin/handlers/contact-replies.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postContactReply;
export const ALL = methodNotAllowed('POST');
