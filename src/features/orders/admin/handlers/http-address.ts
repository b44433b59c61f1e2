import * as z from 'zod/mini';

/**
 * An absolute http(s) address the admin gives (a live site, a preview), normalised; blank is
 * null unless `required`. Anything else, `message`: a javascript: or relative link never reaches a page.
 */
export function httpAddress(message: string, options: { required: true }): z.ZodMiniType<string>;
export function httpAddress(message: string, options?: { required?: false }): z.ZodMiniType<string | null>;
export function httpAddress(
  message: string,
  { required = false }: { required?: boolean } = {},
): z.ZodMiniType<string | null> {
  return z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(300, message))),
    z.transform((value, ctx) => {
      if (!value && !required) return null;
      try {
        const url = new URL(value ?? '');
        if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
      } catch {
        // Not a URL at all: the same message as any other address we cannot link.
      }
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    }),
  );
}
