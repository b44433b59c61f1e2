import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Our client directives. `client:interaction`: hydrate an island on the first pointer,
 * touch, focus or key event inside it (optionally also on scrolling into view). Pages
 * ship no island JavaScript until someone reaches for it; until then the island's
 * server HTML works on its own (CSS menus, <details>, plain form posts).
 * `client:toast`: hydrate the Toaster when the first toast is raised.
 */
export function interactionDirective(): AstroIntegration {
  return {
    name: 'palmetto:interaction-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('./interaction-directive-client.ts', import.meta.url)),
        });
        addClientDirective({
          name: 'toast',
          entrypoint: fileURLToPath(new URL('./toast-directive-client.ts', import.meta.url)),
        });
      },
    },
  };
}
