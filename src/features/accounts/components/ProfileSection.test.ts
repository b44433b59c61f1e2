import reactRenderer from '@astrojs/react/server.js';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '#server/db/index.ts';
import { createSession } from '../session.server.ts';
import { updateProfile } from '../profile.server.ts';
import { CHROME_ON_WINDOWS, signedInCustomer, TEST_PASSWORD, uniqueEmail } from '../handlers/test-context.ts';
import ProfileSection from './ProfileSection.astro';
import SessionsList from './SessionsList.astro';

const database = await getDatabase();

async function render(
  component: typeof ProfileSection | typeof SessionsList,
  who: Awaited<ReturnType<typeof signedInCustomer>>,
  props = {},
) {
  const container = await AstroContainer.create();
  container.addServerRenderer({ name: '@astrojs/react', renderer: reactRenderer });
  return container.renderToString(component, {
    props,
    request: new Request('http://localhost/account'),
    locals: { user: who.user, session: who.session },
  });
}

describe('SessionsList', () => {
  it('names devices instead of showing user agents, marks this device, offers to sign out the others', async () => {
    const who = await signedInCustomer(database, 'devices');
    await createSession(database, who.user.id, {
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ip: '198.51.100.20',
    });
    const html = await render(SessionsList, who, { userId: who.user.id, currentSessionId: who.session.id });
    expect(html).toContain('Chrome on Windows');
    expect(html).toContain('Safari on iPhone');
    expect(html).not.toContain('Mozilla/5.0');
    expect(html).not.toContain(CHROME_ON_WINDOWS);
    expect(html.match(/data-session="current"/g)).toHaveLength(1);
    expect(html).toContain('This device');
    expect(html).toMatch(/<bdi[^>]*>198\.51\.100\.20<\/bdi>/);
    expect(html).toContain('action="/api/account/sessions/others"');
    expect(html).toMatch(/<h3 id="sessions-title"/);
  });
});

describe('ProfileSection', () => {
  it('renders every form as a plain labelled POST under an h2 "Profile"', async () => {
    const who = await signedInCustomer(database, 'profile-page');
    const html = await render(ProfileSection, who, { feedback: null });
    expect(html).toMatch(/<h2 id="profile-title"[^>]*>Profile<\/h2>/);
    for (const action of ['/api/account/profile', '/api/account/password', '/api/account/delete']) {
      expect(html).toContain(`method="post" action="${action}"`);
    }
    for (const id of [
      'profile-name',
      'profile-email',
      'profile-current-password',
      'current-password',
      'new-password',
      'delete-current-password',
      'delete-confirm',
    ]) {
      expect(html, id).toContain(`for="${id}"`);
      expect(html, id).toContain(`id="${id}"`);
    }
    expect(html).toContain('href="/api/account/export"');
    expect(html).toContain(`value="${who.email}"`);
    expect(html).not.toContain('data-pending-email');
  });

  it('shows a pending address with resend and cancel, and field messages from a failed post', async () => {
    const who = await signedInCustomer(database, 'profile-pending');
    const next = uniqueEmail('pending');
    await updateProfile(database, who.user.id, { name: who.user.name, email: next, currentPassword: TEST_PASSWORD });
    const html = await render(ProfileSection, who, {
      feedback: {
        form: '/api/account/delete',
        fields: { confirm: ['Please type DELETE to confirm'] },
        values: { confirm: 'nope' },
      },
    });
    expect(html).toContain('data-pending-email');
    expect(html).toMatch(new RegExp(`<bdi[^>]*>${next.replaceAll('.', '\\.')}</bdi>`));
    expect(html).toContain('action="/api/account/email/resend"');
    expect(html).toContain('action="/api/account/email/cancel"');
    expect(html).toContain('Please type DELETE to confirm');
    expect(html).toMatch(/id="delete-confirm"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="delete-confirm"/);
  });

  it('an administrator gets no delete form', async () => {
    const who = await signedInCustomer(database, 'profile-admin');
    const html = await render(ProfileSection, { ...who, user: { ...who.user, role: 'admin' } }, { feedback: null });
    expect(html).not.toContain('action="/api/account/delete"');
    expect(html).toContain('Administrator accounts cannot be deleted here');
  });
});
