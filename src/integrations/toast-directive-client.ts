import type { ClientDirective } from 'astro';

/**
 * `client:toast`: hydrate the Toaster island only when something raises a toast
 * (src/lib/stores/toast.ts dispatches this event), so pages that never show a toast
 * never load it. The toast waits in the shared store until the Toaster mounts.
 */
const toast: ClientDirective = (load) => {
  addEventListener(
    'palmetto:toast',
    async () => {
      const hydrate = await load();
      await hydrate();
    },
    { once: true },
  );
};

export default toast;
