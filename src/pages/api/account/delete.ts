import { deleteOwnAccount } from '#features/portal/handlers/delete-account.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = deleteOwnAccount;
export const ALL = methodNotAllowed('POST');
