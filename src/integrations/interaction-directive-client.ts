import type { ClientDirective } from 'astro';

const EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'];

/**
 * Hydrate on the first pointer, touch, focus or key event inside the island. With
 * `client:interaction={{ visible: true }}` also when the island scrolls into view, but
 * only after the visitor has scrolled: an island that is on screen at load (a form at
 * the top of /contact) waits for the visitor instead of costing every visit its JavaScript.
 */
const interaction: ClientDirective = (load, options, el) => {
  let started = false;
  const opts = { capture: true, passive: true };
  let observer: IntersectionObserver | undefined;
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of EVENTS) el.removeEventListener(type, start, opts);
    removeEventListener('scroll', watchVisibility, opts);
    observer?.disconnect();
    const hydrate = await load();
    await hydrate();
  };
  function watchVisibility() {
    removeEventListener('scroll', watchVisibility, opts);
    observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
      rootMargin: '200px',
    });
    // The island element is display: contents; observe what it renders.
    for (const child of el.children) observer.observe(child);
  }
  for (const type of EVENTS) el.addEventListener(type, start, opts);
  const value = options.value as { visible?: boolean } | undefined;
  if (value?.visible) addEventListener('scroll', watchVisibility, opts);
};

export default interaction;
