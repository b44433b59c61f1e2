// A module (it imports), so this augments Astro's types instead of replacing them.
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, touch, focus or key event inside the island (src/integrations/interaction-directive.ts). */
    'client:interaction'?: boolean | { visible?: boolean };
    /** Hydrate when the first toast is raised (src/lib/stores/toast.ts). */
    'client:toast'?: boolean;
  }
}
