import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Our client directive. `client:toast`: hydrate the Toaster when the first toast is raised, so a
 * page ships no island JavaScript until something has to say something. (The marketing pages have
 * no islands at all: their header and contact form are server HTML with small scripts.)
 */
export function clientDirectives(): AstroIntegration {
  return {
    name: 'palmetto:client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'toast',
          entrypoint: fileURLToPath(new URL('./toast-directive-client.ts', import.meta.url)),
        });
      },
    },
  };
}
