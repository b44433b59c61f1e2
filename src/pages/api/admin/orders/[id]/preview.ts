import { postOrderPreview } from '#features/orders/reviews/handlers/review-routes.ts';
import { methodNotAllowed } from '#server/http/responses.ts';

export const prerender = false;
export const POST = postOrderPreview;
export const ALL = methodNotAllowed('POST');
