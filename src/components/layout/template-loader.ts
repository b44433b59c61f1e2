/**
 * Puts what waits in a template in the document when the visitor first needs it: each
 * `<template data-load-on="event ...">` on the page is cloned into the body on the first of its
 * events, heard on the element `data-load-from` selects (the window without it); `data-load-key`
 * limits key events to that key. A `submit` that comes before a form's code has taken the form
 * waits for the code, so the first press is checked in the browser. The contact form's code, the
 * Toaster and /auth's panel code wait this way, so nothing of them is fetched before the page is
 * on screen. `paint` is no DOM event: it comes once the browser reports the first paint (at once
 * in a tab opened in the background, which paints nothing until shown), which is when a long
 * page's below-the-fold stylesheet is asked for (scripts/critical-css.ts, foldMarkup). Neither the
 * load event nor animation frames will do: both can come before the first frame is on screen.
 * `idle` comes a second after the load event, when the largest paint is behind us too: the first
 * paint can be the header alone, and a file asked for then and back before the largest paint is
 * counted on its way by Lighthouse (/auth, issue 36). LocalTimes.astro waits the same way in its
 * own lines: a module two page scripts import becomes a file of its own, fetched with the page,
 * and this one must stay inline (the build refuses a fold without it in the HTML).
 */
export function loadTemplatesOnDemand(): void {
  for (const code of document.querySelectorAll<HTMLTemplateElement>('template[data-load-on]')) {
    const { loadOn = '', loadFrom, loadKey } = code.dataset;
    const target = loadFrom ? document.querySelector(loadFrom) : window;
    // For the code of a form (or of an element holding forms, /auth's panel), `sent` on that
    // element: 1 once a form in it was sent before the code came (the submit waits; the code
    // sends `heldForm` again, checked: contact-form.ts, auth-panel.ts), 2 once the code has taken
    // over or failed to load (a waiting submit then goes as the plain post it would have been).
    const host = target as (Element | Window) & { sent?: 1 | 2; heldForm?: HTMLFormElement };
    const load = (event?: Event) => {
      // (A second press while one waits waits too: the form is sent once.)
      if (event?.type === 'submit' && host.sent !== 2) {
        event.preventDefault();
        host.sent = 1;
        if (event.target instanceof HTMLFormElement) host.heldForm = event.target;
      }
      // `key`, not `code`: the first screen's CSS keeps the rules of every word its scripts
      // hold (scripts/critical-css.ts), and `code` would keep the <code> element's.
      if (!code.isConnected || (loadKey && event && 'key' in event && event.key !== loadKey)) return;
      const content = document.importNode(code.content, true);
      content.querySelector('script')?.addEventListener('error', () => {
        if (host.sent === 1) host.heldForm?.submit();
        host.sent = 2;
      });
      document.body.append(content);
      code.remove();
    };
    const idle = () => setTimeout(load, 1e3);
    for (const type of loadOn.split(' ')) {
      if (type === 'idle') document.readyState === 'complete' ? idle() : addEventListener('load', idle);
      else if (type !== 'paint') target?.addEventListener(type, load);
      else if (document.hidden) load();
      else new PerformanceObserver(() => load()).observe({ type: 'paint', buffered: true });
    }
  }
}
