import type { ReactNode } from 'react';
import { aboutMenu, getStarted, headerLinks, type NavLink } from '#data/navigation.ts';

/**
 * The catalogue-driven lists (services, states and cities) arrive as HTML from Astro slots
 * (src/components/layout/Header*.astro), which read the catalogues on the server.
 */
export interface SiteHeaderProps {
  brand: string;
  /** The services, then the overview page (desktop dropdown). */
  services?: ReactNode;
  /** The same list for the mobile menu. */
  mobileServices?: ReactNode;
  /** Top Locations: each state with its two-column city list (desktop mega-menu). */
  locations?: ReactNode;
  /** Top Locations on a phone: each state a disclosure that shows or hides its cities. */
  mobileLocations?: ReactNode;
  /** The account link (static HTML from an Astro slot, which the server may personalise). */
  account?: ReactNode;
  /** The same link for the mobile menu. */
  mobileAccount?: ReactNode;
}

type MenuId = 'about' | 'services' | 'locations';

/**
 * The sticky site header, rendered on the server only: it ships no React. Its HTML works with no
 * JavaScript: desktop dropdowns open on hover and keyboard focus through CSS, and the mobile menu
 * is built of <details>. On pages that ship JavaScript, HeaderMenus.astro (header-menus.ts) adds
 * aria-expanded state, click toggles, Escape to close, and closes the mobile menu when a link is
 * chosen.
 */
export default function SiteHeader({
  brand,
  services,
  mobileServices,
  locations,
  mobileLocations,
  account,
  mobileAccount,
}: SiteHeaderProps) {
  const dropdown = (id: MenuId, label: string, panel: ReactNode, panelClass = 'min-w-60') => (
    <Dropdown id={id} label={label} panelClass={panelClass}>
      {panel}
    </Dropdown>
  );

  return (
    <header className="site-header sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <a
          href="/"
          className="flex items-center gap-2 font-display text-base font-bold tracking-tight text-slate-900 no-underline sm:text-lg"
        >
          <Logo />
          <span>{brand}</span>
        </a>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="nav-dropdowns flex items-center gap-1">
            {dropdown('about', 'About', <LinkList links={aboutMenu} />)}
            {dropdown('services', 'Services', services, 'min-w-72')}
            {/* Hover intent for the city lists lives in global.css (.nav-state). */}
            {dropdown('locations', 'Top Locations', locations)}
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
          <details className="mobile-menu lg:hidden">
            <summary className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 px-3 font-semibold text-slate-800">
              <MenuIcon />
              Menu
            </summary>
            <nav
              aria-label="Mobile"
              className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-6 shadow-lg"
            >
              <ul className="divide-y divide-slate-100">
                <MobileSection label="About">
                  <LinkList links={aboutMenu} />
                </MobileSection>
                <MobileSection label="Services">{mobileServices}</MobileSection>
                <MobileSection label="Top Locations">{mobileLocations}</MobileSection>
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
  panelClass: string;
  children: ReactNode;
}

function Dropdown({ id, label, panelClass, children }: DropdownProps) {
  const panelId = `menu-${id}`;
  return (
    <li className="nav-dropdown relative" data-menu={id}>
      <button
        type="button"
        className="flex min-h-11 items-center gap-1 rounded-md px-3 py-2 font-medium text-slate-800 hover:text-brand-700"
        aria-expanded={false}
        aria-controls={panelId}
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
