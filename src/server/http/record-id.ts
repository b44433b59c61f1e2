import * as z from 'zod/mini';

/**
 * A record id in a route's path (`/api/admin/orders/{id}/…`), as randomId() makes them
 * (src/server/security/tokens.ts: 26 characters, lowercase without look-alikes); 16 to 40 so
 * ids made before randomId() settled on 26 still match. Anything else names no record: 404.
 */
export const recordId = z.string().check(z.regex(/^[a-z2-9]{16,40}$/));
