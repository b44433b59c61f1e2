import { deleteFile, getFile } from '#features/intake/uploads/handlers/upload-routes.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const GET = getFile;
export const DELETE = deleteFile;
export const ALL = methodNotAllowed('GET', 'HEAD', 'DELETE');
