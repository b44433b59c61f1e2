import type { AstroIntegration } from 'astro';
import { describe, expect, it } from 'vitest';
import { guardFor } from '#features/accounts/guards.ts';
import { privateRoutes } from './private-routes.ts';

type RouteSetup = NonNullable<AstroIntegration['hooks']['astro:route:setup']>;
/** Runs the hook for a page whose source says `prerender = {explicit}` (or nothing); Astro defaults to true. */
function run(component: string, explicit?: boolean) {
  const source = explicit === undefined ? '---\n---\n<p>Hi</p>' : `---\nexport const prerender = ${explicit};\n---`;
  const setup = privateRoutes({ readSource: () => source }).hooks['astro:route:setup'] as RouteSetup;
  const route = { component, prerender: explicit ?? true };
  setup({ route, logger: undefined as never });
  return route.prerender;
}

describe('private routes are on demand by construction', () => {
  it('renders every page under a private prefix on demand, even without the export', () => {
    expect(run('src/pages/account/orders/[id].astro')).toBe(false);
    expect(run('src/pages/admin/index.astro')).toBe(false);
    expect(run('src/pages/checkout.astro')).toBe(false);
    expect(run('src/pages/api/contact.ts')).toBe(false);
    expect(run('src/pages/reset-password.astro')).toBe(false);
  });

  it('fails the build, naming the file, when a private page asks to be prerendered', () => {
    expect(() => run('src/pages/admin/reports.astro', true)).toThrow(/src\/pages\/admin\/reports\.astro.*\/admin/);
  });

  it('leaves public pages alone', () => {
    expect(run('src/pages/pricing.astro')).toBe(true);
    expect(run('src/pages/accounting-services.astro', true)).toBe(true);
    expect(run('src/pages/index.astro')).toBe(true);
    expect(run('src/pages/account/settings.astro', false)).toBe(false);
  });
});

describe('the guards read the same list', () => {
  it('maps each private prefix to who may open it', () => {
    expect(guardFor('/admin')).toBe('admin-page');
    expect(guardFor('/admin/orders/1')).toBe('admin-page');
    expect(guardFor('/api/admin/messages')).toBe('admin-api');
    expect(guardFor('/account')).toBe('user-page');
    expect(guardFor('/api/account/password')).toBe('user-api');
    expect(guardFor('/api/login')).toBeNull();
    expect(guardFor('/auth')).toBeNull();
    expect(guardFor('/administrator')).toBeNull();
  });
});
