// A module (it imports), so this augments Astro's types instead of replacing them.
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when the first toast is raised (src/lib/stores/toast.ts). */
    'client:toast'?: boolean;
  }
}
