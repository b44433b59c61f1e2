/**
 * The site header's menus, enhanced (SiteScript.astro loads this on pages that ship JavaScript).
 * Without it the header works through CSS alone: desktop dropdowns open on hover and keyboard
 * focus, the mobile menu is <details>. With it, `data-enhanced` hands the dropdowns to the state
 * below: aria-expanded, click toggles, Escape to close, and the mobile menu closes when a link is
 * chosen. A small module instead of a React island: the header needs no framework, and the page
 * ships no island runtime for it (every public page fits the first round trip).
 *
 * The open desktop menu. `hover`: opened by the mouse resting on it, closes when the mouse
 * leaves. `pinned`: opened by a click or the keyboard, stays until Escape, a second click, a
 * press elsewhere or focus leaving it. A click on a menu the mouse opened pins it.
 */
type Open = { menu: HTMLElement; mode: 'hover' | 'pinned' } | null;

export function enhanceHeader(header: HTMLElement): void {
  const desktop = header.querySelector<HTMLElement>('.nav-dropdowns');
  const menus = [...header.querySelectorAll<HTMLElement>('.nav-dropdown')];
  let open: Open = null;

  const render = () => {
    for (const menu of menus) {
      const isOpen = open?.menu === menu;
      menu.toggleAttribute('data-open', isOpen);
      menu.querySelector(':scope > button')?.setAttribute('aria-expanded', String(isOpen));
    }
  };
  const set = (next: Open) => {
    open = next;
    render();
  };
  const close = (menu: HTMLElement) => {
    if (open?.menu === menu) set(null);
  };

  for (const menu of menus) {
    const button = menu.querySelector<HTMLButtonElement>(':scope > button');
    menu.addEventListener('pointerenter', (e) => {
      if (e.pointerType === 'mouse' && open?.menu !== menu) set({ menu, mode: 'hover' });
    });
    menu.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse' && open?.menu === menu && open.mode === 'hover') set(null);
    });
    menu.addEventListener('focusout', (e) => {
      if (!menu.contains(e.relatedTarget as Node | null)) close(menu);
    });
    menu.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && open?.menu === menu) {
        e.stopPropagation();
        set(null);
        button?.focus();
      }
    });
    button?.addEventListener('click', (e) => {
      // The mouse opened the menu on its way to this click: the click keeps it open (pins it).
      // A key press (Enter, Space: detail 0) or a click on a pinned menu closes it.
      const pointer = e.detail > 0;
      if (open?.menu !== menu) set({ menu, mode: 'pinned' });
      else set(open.mode === 'hover' && pointer ? { menu, mode: 'pinned' } : null);
    });
  }

  // A pinned menu closes on a press anywhere else (Safari never focuses a clicked button, so
  // focusout alone would leave it open).
  document.addEventListener('pointerdown', (e) => {
    if (open?.mode === 'pinned' && !desktop?.contains(e.target as Node)) set(null);
  });

  const mobile = header.querySelector<HTMLDetailsElement>('details.mobile-menu');
  mobile?.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && mobile.open) {
      mobile.open = false;
      mobile.querySelector('summary')?.focus();
    }
  });
  mobile?.querySelector('nav')?.addEventListener('click', (e) => {
    if ((e.target as Element).closest('a')) mobile.open = false;
  });

  // The script may run while a CSS-opened menu is under the pointer or holds focus: keep that
  // menu open as state takes over from CSS.
  const hovered = menus.find((menu) => menu.matches(':hover'));
  const focused = menus.find((menu) => menu.matches(':focus-within'));
  const active = hovered ?? focused;
  if (active) set({ menu: active, mode: hovered ? 'hover' : 'pinned' });
  else render();
  header.dataset.enhanced = '';
}
