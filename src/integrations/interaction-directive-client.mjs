// @ts-check
const EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'];

/** @type {import('astro').ClientDirective} */
export default (load, _options, el) => {
  const opts = { once: true, passive: true, capture: true };
  const start = async () => {
    for (const type of EVENTS) el.removeEventListener(type, start, opts);
    const hydrate = await load();
    await hydrate();
  };
  for (const type of EVENTS) el.addEventListener(type, start, opts);
};
