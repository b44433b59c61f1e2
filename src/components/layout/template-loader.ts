/**
 * Puts what waits in a template in the document when the visitor first needs it: each
 * `<template data-load-on="event ...">` on the page is cloned into the body on the first of its
 * events, heard on the element `data-load-from` selects (the window without it); `data-load-key`
 * limits key events to that key. `near` is no DOM event either: it comes when that element is
 * within a screen of the viewport (after the first paint), so a form's code is there before the
 * visitor can press it; a `submit` that still comes first waits for the code. The contact form's
 * code and the Toaster wait this way, so nothing of them is fetched with the page. `paint` is no DOM event: it comes once the browser
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
    // For a form's code: a submit before the code has taken the form (`data-enhanced`) waits for
    // it (held: the code sends it again, checked: contact-form.ts); should the code fail to load,
    // the form goes as the plain post it would have been.
    const form = target as HTMLFormElement;
    let failed = false;
    const load = (event?: Event) => {
      if (event?.type === 'submit') {
        if (failed || form.dataset.enhanced !== undefined) return;
        event.preventDefault();
        form.dataset.held = '';
      }
      // `key`, not `code`: the first screen's CSS keeps the rules of every word its scripts
      // hold (scripts/critical-css.ts), and `code` would keep the <code> element's.
      if (!code.isConnected || (loadKey && event && 'key' in event && event.key !== loadKey)) return;
      const content = document.importNode(code.content, true);
      content.querySelector('script')?.addEventListener('error', () => {
        failed = true;
        if (form.dataset?.held !== undefined) form.submit();
      });
      document.body.append(content);
      code.remove();
    };
    // `near`: once the element is within a screen of the viewport, after the first paint (what
    // the page shows first never waits for it).
    const near = () =>
      new IntersectionObserver((seen) => seen[0]?.isIntersecting && load(), { rootMargin: '100%' }).observe(
        target as Element,
      );
    for (const type of loadOn.split(' ')) {
      const then = type === 'near' ? near : load;
      if (type !== 'paint' && type !== 'near') target?.addEventListener(type, load);
      else if (document.hidden) then();
      else new PerformanceObserver(() => then()).observe({ type: 'paint', buffered: true });
    }
  }
}
