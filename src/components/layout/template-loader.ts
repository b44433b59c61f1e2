/**
 * Puts what waits in a template in the document when the visitor first needs it: each
 * `<template data-load-on="event ...">` on the page is cloned into the body on the first of its
 * events, heard on the element `data-load-from` selects (the window without it); `data-load-key`
 * limits key events to that key. The contact form's code and the Toaster wait this way, so
 * nothing of them is fetched with the page. `paint` is no DOM event: it comes once the browser
 * reports the first paint (at once in a tab opened in the background, which paints nothing until
 * shown), which is when a long page's below-the-fold stylesheet is asked for
 * (scripts/critical-css.ts, foldMarkup). Neither the load event nor animation frames will do:
 * both can come before the first frame is on screen. LocalTimes.astro waits the same way in its
 * own lines: a module two page scripts import becomes a file of its own, fetched with the page,
 * and this one must stay inline (the build refuses a fold without it in the HTML).
 */
export function loadTemplatesOnDemand(): void {
  for (const code of document.querySelectorAll<HTMLTemplateElement>('template[data-load-on]')) {
    const { loadOn = '', loadFrom, loadKey } = code.dataset;
    const target = loadFrom ? document.querySelector(loadFrom) : window;
    const load = (event?: Event) => {
      // `key`, not `code`: the first screen's CSS keeps the rules of every word its scripts
      // hold (scripts/critical-css.ts), and `code` would keep the <code> element's.
      if (!code.isConnected || (loadKey && event && 'key' in event && event.key !== loadKey)) return;
      document.body.append(document.importNode(code.content, true));
      code.remove();
    };
    for (const type of loadOn.split(' ')) {
      if (type !== 'paint') target?.addEventListener(type, load);
      else if (document.hidden) load();
      else new PerformanceObserver(() => load()).observe({ type: 'paint', buffered: true });
    }
  }
}
