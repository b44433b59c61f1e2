import { exportOwnData } from '#features/portal/handlers/export.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const GET = exportOwnData;
export const ALL = methodNotAllowed('GET');
