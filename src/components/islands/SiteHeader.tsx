import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import {
  aboutMenu,
  allServices,
  getStarted,
  headerLinks,
  locationHref,
  type NavLink,
  type NavState,
} from '../../data/navigation.ts';

export interface SiteHeaderProps {
  brand: string;
  services: readonly NavLink[];
  states: readonly NavState[];
  /** The account link (static HTML from an Astro slot, which the server may personalise). */
  account?: ReactNode;
  /** The same link for the mobile menu. */
  mobileAccount?: ReactNode;
}

type MenuId = 'about' | 'services' | 'locations';
/**
 * The open desktop menu. `hover`: opened by the mouse resting on it, closes when the mouse
 * leaves. `pinned`: opened by a click or the keyboard, stays until Escape, a second click,
 * a click elsewhere or focus leaving it. A click on a menu the mouse opened pins it.
 */
type OpenMenu = { id: MenuId; mode: 'hover' | 'pinned' } | null;
type SetOpenMenu = (update: (current: OpenMenu) => OpenMenu) => void;

/**
 * The sticky site header. Its server HTML works with no JavaScript: desktop dropdowns
 * open on hover and keyboard focus through CSS, and the mobile menu is built of
 * <details>. Hydrated (client:interaction), it adds aria-expanded state, click
 * toggles, Escape to close, and closes the mobile menu when a link is chosen.
 */
export default function SiteHeader({ brand, services, states, account, mobileAccount }: SiteHeaderProps) {
  const [open, setOpen] = useState<OpenMenu>(null);
  const [enhanced, setEnhanced] = useState(false);
  const desktopRef = useRef<HTMLUListElement>(null);
  const mobileRef = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    // Hydration happens on the first pointer or focus event, often while a CSS-opened
    // menu is under the pointer: keep that menu open as state takes over from CSS.
    const hovered = desktopRef.current?.querySelector<HTMLElement>('.nav-dropdown:hover');
    const focused = desktopRef.current?.querySelector<HTMLElement>('.nav-dropdown:focus-within');
    const active = hovered ?? focused;
    if (active?.dataset.menu) setOpen({ id: active.dataset.menu as MenuId, mode: hovered ? 'hover' : 'pinned' });
    setEnhanced(true);
  }, []);

  const pinned = open?.mode === 'pinned';
  useEffect(() => {
    // A pinned menu closes on a press anywhere else (Safari never focuses a clicked
    // button, so blur alone would leave it open).
    if (!pinned) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!desktopRef.current?.contains(event.target as Node)) setOpen(() => null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [pinned]);

  const closeMobile = () => {
    if (mobileRef.current) mobileRef.current.open = false;
  };

  const onMobileKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key === 'Escape' && mobileRef.current?.open) {
      closeMobile();
      mobileRef.current.querySelector('summary')?.focus();
    }
  };

  const dropdown = (id: MenuId, label: string, panel: ReactNode, panelClass = 'min-w-60') => (
    <Dropdown id={id} label={label} open={open?.id === id} setOpen={setOpen} panelClass={panelClass}>
      {panel}
    </Dropdown>
  );

  return (
    <header
      className="site-header sticky top-0 z-40 border-b border-slate-200 bg-white"
      data-enhanced={enhanced || undefined}
    >
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <a
          href="/"
          className="flex items-center gap-2 font-display text-base font-bold tracking-tight text-slate-900 no-underline sm:text-lg"
        >
          <Logo />
          <span>{brand}</span>
        </a>

        <nav aria-label="Main" className="hidden lg:block">
          <ul ref={desktopRef} className="flex items-center gap-1">
            {dropdown('about', 'About', <LinkList links={aboutMenu} />)}
            {dropdown('services', 'Services', <ServiceLinks services={services} />, 'min-w-72')}
            {dropdown(
              'locations',
              'Top Locations',
              // Hover intent (global.css): a city list stays up briefly after the pointer
              // leaves its state, so a diagonal path across the other states reaches it.
              <ul className="nav-states relative w-56 py-2">
                {states.map((state) => (
                  <li key={state.slug} className="nav-state">
                    <a
                      href={locationHref(state.slug)}
                      className="flex items-center justify-between px-4 py-2 text-slate-800 no-underline hover:bg-brand-50"
                    >
                      {state.name}
                      <span aria-hidden="true">›</span>
                    </a>
                    <div className="nav-panel absolute top-0 left-full w-[26rem] rounded-lg border border-slate-200 bg-white shadow-lg">
                      <div className="nav-city-scroller max-h-80 overflow-y-auto rounded-lg">
                        <ul aria-label={`Cities in ${state.name}`} className="grid grid-cols-2 gap-x-2 p-2">
                          {state.cities.map((city) => (
                            <li key={city.slug}>
                              <a
                                href={locationHref(state.slug, city.slug)}
                                className="block rounded px-3 py-1.5 text-sm text-slate-700 no-underline hover:bg-brand-50 hover:text-brand-800"
                              >
                                {city.name}
                              </a>
                            </li>
                          ))}
                        </ul>
                        <p aria-hidden="true" className="nav-scroll-hint">
                          <span>More cities below</span>
                        </p>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>,
            )}
            {headerLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="rounded-md px-3 py-2 font-medium text-slate-800 no-underline hover:text-brand-700"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          {account}
          <a href={getStarted.href} className="btn-primary hidden sm:inline-flex">
            {getStarted.label}
          </a>
          <details ref={mobileRef} className="mobile-menu lg:hidden" onKeyDown={onMobileKeyDown}>
            <summary className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 font-semibold text-slate-800">
              <MenuIcon />
              Menu
            </summary>
            {/* biome-ignore lint/a11y/useKeyWithClickEvents: delegation: the links inside handle keys themselves; this only closes the menu after one is followed */}
            <nav
              aria-label="Mobile"
              className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-6 shadow-lg"
              onClick={(event) => {
                if ((event.target as HTMLElement).closest('a')) closeMobile();
              }}
            >
              <ul className="divide-y divide-slate-100">
                <MobileSection label="About">
                  <LinkList links={aboutMenu} />
                </MobileSection>
                <MobileSection label="Services">
                  <ServiceLinks services={services} />
                </MobileSection>
                <MobileSection label="Top Locations">
                  <ul>
                    {states.map((state) => (
                      <li key={state.slug}>
                        <details className="mobile-state">
                          <summary className="flex min-h-11 items-center justify-between py-2 pl-4 font-medium text-slate-800">
                            {state.name}
                            <Chevron />
                          </summary>
                          <ul className="grid grid-cols-2 gap-x-2 pb-2 pl-6">
                            {state.cities.map((city) => (
                              <li key={city.slug}>
                                <a
                                  href={locationHref(state.slug, city.slug)}
                                  className="block py-2 text-slate-700 no-underline hover:text-brand-700"
                                >
                                  {city.name}
                                </a>
                              </li>
                            ))}
                          </ul>
                        </details>
                      </li>
                    ))}
                  </ul>
                </MobileSection>
                {headerLinks.map((link) => (
                  <li key={link.href}>
                    <a
                      href={link.href}
                      className="flex min-h-11 items-center py-2 font-semibold text-slate-800 no-underline"
                    >
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
              {mobileAccount}
              <a href={getStarted.href} className="btn-primary mt-4 w-full">
                {getStarted.label}
              </a>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

interface DropdownProps {
  id: MenuId;
  label: string;
  open: boolean;
  setOpen: SetOpenMenu;
  panelClass: string;
  children: ReactNode;
}

function Dropdown({ id, label, open, setOpen, panelClass, children }: DropdownProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = `menu-${id}`;
  const close = () => setOpen((current) => (current?.id === id ? null : current));

  return (
    <li
      className="nav-dropdown relative"
      data-menu={id}
      data-open={open || undefined}
      onPointerEnter={(e) => {
        if (e.pointerType === 'mouse') setOpen((current) => (current?.id === id ? current : { id, mode: 'hover' }));
      }}
      onPointerLeave={(e) => {
        if (e.pointerType === 'mouse')
          setOpen((current) => (current?.id === id && current.mode === 'hover' ? null : current));
      }}
      onBlur={(e: FocusEvent<HTMLLIElement>) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) close();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close();
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="flex min-h-11 items-center gap-1 rounded-md px-3 py-2 font-medium text-slate-800 hover:text-brand-700"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={(e) => {
          // The mouse opened the menu on its way to this click: the click keeps it open
          // (pins it). A key press (Enter, Space: detail 0) or a click on a pinned menu closes it.
          const pointer = e.detail > 0;
          setOpen((current) => {
            if (current?.id !== id) return { id, mode: 'pinned' };
            return current.mode === 'hover' && pointer ? { id, mode: 'pinned' } : null;
          });
        }}
      >
        {label}
        <Chevron />
      </button>
      <div
        id={panelId}
        className={`nav-panel absolute top-full left-0 rounded-lg border border-slate-200 bg-white shadow-lg ${panelClass}`}
      >
        {children}
      </div>
    </li>
  );
}

function LinkList({ links }: { links: readonly NavLink[] }) {
  return (
    <ul className="py-2">
      {links.map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            className="block px-4 py-2 text-slate-800 no-underline hover:bg-brand-50 hover:text-brand-800"
          >
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The services, then the overview page that lists them all. */
function ServiceLinks({ services }: { services: readonly NavLink[] }) {
  return (
    <>
      <LinkList links={services} />
      <p className="border-t border-slate-100 py-2">
        <a
          href={allServices.href}
          className="block px-4 py-2 font-semibold text-brand-700 no-underline hover:bg-brand-50 hover:text-brand-800"
        >
          {allServices.label}
        </a>
      </p>
    </>
  );
}

function MobileSection({ label, children }: { label: string; children: ReactNode }) {
  return (
    <li>
      <details>
        <summary className="flex min-h-11 items-center justify-between py-2 font-semibold text-slate-800">
          {label}
          <Chevron />
        </summary>
        <div className="pb-2">{children}</div>
      </details>
    </li>
  );
}

function Chevron() {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 20 20" fill="currentColor">
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}

function MenuIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="currentColor">
      <path d="M3 5h14v2H3zM3 9h14v2H3zM3 13h14v2H3z" />
    </svg>
  );
}

function Logo() {
  return (
    <svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32">
      <rect width="32" height="32" rx="8" fill="#0f766e" />
      <path
        d="M16 25V13M16 13c-3-4-7-4-9-2 3 0 6 1 9 2Zm0 0c3-4 7-4 9-2-3 0-6 1-9 2Zm0 0c-1-4-4-6-7-6 2 1 5 3 7 6Zm0 0c1-4 4-6 7-6-2 1-5 3-7 6Z"
        stroke="#fff"
        strokeWidth="1.6"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
