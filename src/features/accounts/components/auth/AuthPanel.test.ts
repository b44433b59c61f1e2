import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import AuthPanel from './AuthPanel.astro';

const container = await AstroContainer.create();
const customer = { id: 'u1', name: 'Ada <Lovelace>', email: 'ada@example.com', role: 'customer' as const };

async function render(props: Record<string, unknown>) {
  const html = await container.renderToString(AuthPanel, {
    props: { next: null, user: null, feedback: {}, ...props },
  });
  // The live panel is everything before the first template; the templates follow it.
  const split = html.indexOf('<template');
  return { live: html.slice(0, split), templates: html.slice(split) };
}

describe('AuthPanel.astro', () => {
  it('signed out: both forms live, plain posts carrying `next`, and every state in a template', async () => {
    const { live, templates } = await render({ state: 'signedOut', next: '/account' });
    expect(live).toContain('action="/api/login?next=%2Faccount"');
    expect(live).toContain('action="/api/register?next=%2Faccount"');
    expect(live).toContain('data-next="/account"');
    expect(live).not.toContain('code-step-code');
    for (const state of ['signedOut', 'secondFactor', 'signedIn'])
      expect(templates).toContain(`data-auth-state="${state}"`);
    expect(templates).toContain('action="/api/login/two-factor?next=%2Faccount"');
  });

  it("a failed post's messages and kept values show in the live forms only", async () => {
    const { live, templates } = await render({
      state: 'signedOut',
      feedback: { register: { errors: { password: 'Too common' }, values: { name: 'Ada', email: 'ada@example.com' } } },
    });
    expect(live).toContain('Too common');
    expect(live).toContain('value="ada@example.com"');
    expect(templates).not.toContain('Too common');
    expect(templates).not.toContain('ada@example.com');
  });

  it('signed in: the name escaped, no admin link for a customer; the template keeps one for the script to judge', async () => {
    const { live, templates } = await render({ state: 'signedIn', user: customer });
    expect(live).toContain('Ada &lt;Lovelace&gt;');
    expect(live).not.toContain('href="/admin"');
    expect(live).toContain('data-auth="logout"');
    expect(templates).toContain('data-admin-only');
  });

  it('the code step: its form and the way back to the password', async () => {
    const { live } = await render({ state: 'secondFactor' });
    expect(live).toContain('id="code-step-code"');
    expect(live).toContain('data-auth="cancel"');
    expect(live).not.toContain('id="login-email"');
  });
});
