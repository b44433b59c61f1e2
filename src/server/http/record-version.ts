import * as z from 'zod/mini';

/**
 * The version of a record that a form was rendered with (a hidden field; a number in JSON).
 * Required: a change made without knowing what it changes could silently overwrite someone
 * else's. `stale` is the feature's message for a missing or malformed one, the same as for an
 * outdated one.
 */
export const versionField = (stale: string) =>
  z.pipe(z.union([z.number(), z.string().check(z.regex(/^\d{1,9}$/))], { error: stale }), z.transform(Number));
