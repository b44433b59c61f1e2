/**
 * Puts a waiting script in the document when the visitor first needs it: each
 * `<template data-load-on="event ...">` on the page is cloned into the body on the first of its
 * events, heard on the element `data-load-from` selects (the window without it); `data-load-key`
 * limits key events to that key. The contact form's code and the Toaster wait this way, so
 * nothing of them is fetched with the page.
 */
export function loadTemplatesOnDemand(): void {
  for (const code of document.querySelectorAll<HTMLTemplateElement>('template[data-load-on]')) {
    const { loadOn = '', loadFrom, loadKey } = code.dataset;
    const target = loadFrom ? document.querySelector(loadFrom) : window;
    const load = (event: Event) => {
      // `key`, not `code`: the first screen's CSS keeps the rules of every word its scripts
      // hold (scripts/critical-css.ts), and `code` would keep the <code> element's.
      if (!code.isConnected || (loadKey && 'key' in event && event.key !== loadKey)) return;
      document.body.append(document.importNode(code.content, true));
      code.remove();
    };
    for (const type of loadOn.split(' ')) target?.addEventListener(type, load);
  }
}
