import { readFileSync } from 'node:fs';
import type { AstroIntegration } from 'astro';
import { privatePrefixOf, routePathOfPage } from '#server/security/private-paths.ts';

/** The page's own `export const prerender = true` (the route object cannot tell it from the default). */
const EXPLICIT_PRERENDER = /^\s*export\s+const\s+prerender\s*=\s*true\b/m;

/**
 * Private pages are on demand by construction: every route under a private prefix
 * (src/server/security/private-paths.ts) is rendered per request, behind the guards, even
 * when its file forgets `export const prerender = false`. One that asks to be prerendered
 * fails the build, naming the file, instead of being published as a public static file.
 */
export function privateRoutes({
  readSource = (file: string) => readFileSync(file, 'utf8'),
}: { readSource?: (file: string) => string } = {}): AstroIntegration {
  return {
    name: 'palmetto:private-routes',
    hooks: {
      'astro:route:setup': ({ route }) => {
        const path = routePathOfPage(route.component);
        const prefix = path === null ? undefined : privatePrefixOf(path);
        if (!prefix) return;
        if (EXPLICIT_PRERENDER.test(readSource(route.component))) {
          throw new Error(
            `${route.component} is under the private prefix ${prefix.prefix} but exports prerender = true. ` +
              'Private pages are rendered on demand so the guards run: remove the export.',
          );
        }
        route.prerender = false;
      },
    },
  };
}
