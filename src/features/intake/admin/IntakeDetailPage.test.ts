import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '#features/accounts/session.server.ts';
import IntakeDetailPage from './IntakeDetailPage.astro';
import type { IntakeDetail } from './queries.server.ts';

const admin: SessionUser = { id: 'admin-1', name: 'Admin', email: 'admin@example.com', role: 'admin' };
const at = new Date('2026-11-20T15:00:00Z');

function detail(status: 'draft' | 'submitted'): IntakeDetail {
  return {
    intake: {
      id: 'abcdefghijkmnpqrstuvwxyz23',
      orderId: 'orderabcdefghijkmnpqrstu',
      userId: 'customer-1',
      status,
      version: 3,
      data: {
        businessName: 'Evil \u202Eppa',
        industry: 'Bakery',
        servicesOffered: 'Cakes\nBread',
        domainStatus: 'desired',
      },
      submittedAt: status === 'submitted' ? at : null,
      createdAt: at,
      updatedAt: at,
    },
    customer: { id: 'customer-1', name: 'Ann <b>', email: 'ann@example.com' },
    order: {
      id: 'orderabcdefghijkmnpqrstu',
      status: 'paid',
      name: 'Ann',
      email: 'ann@example.com',
      phone: '(407) 555-0199',
      businessName: 'Ann Bakes',
    },
    files: [
      {
        id: 'fileabcdefghijkmnpqrstuv',
        intakeId: 'abcdefghijkmnpqrstuvwxyz23',
        userId: 'customer-1',
        kind: 'logo',
        clientKey: 'k',
        originalName: 'Tom & Jerry <logo>.png',
        mimeType: 'image/png',
        bytes: 2048,
        width: 600,
        height: 300,
        storedName: 'x.png',
        thumbName: 'y.webp',
        createdAt: at,
      },
    ],
  };
}

async function render(status: 'draft' | 'submitted') {
  const container = await AstroContainer.create();
  return container.renderToString(IntakeDetailPage, {
    props: { ...detail(status), trail: { entries: [], actors: new Map<string, string>() } },
    locals: { user: admin, session: null },
    request: new Request('http://localhost/admin/website-info/abcdefghijkmnpqrstuvwxyz23'),
  });
}

describe('the admin intake page', () => {
  it('shows every step with its labels, select answers as their label, and user text isolated', async () => {
    const html = await render('draft');
    expect(html).toMatch(/<bdi[^>]*>Evil \u202Eppa<\/bdi>/);
    expect(html).toContain('1. Your business');
    expect(html).toContain('Services offered');
    expect(html).toContain('No, please register one for me');
    expect(html).toContain('Not answered');
    expect(html).toMatch(/<bdi[^>]*>Ann &lt;b&gt;<\/bdi>/);
    expect(html).toContain('href="/admin/orders/orderabcdefghijkmnpqrstu"');
    // A draft has nothing to reopen.
    expect(html).not.toContain('/reopen');
  });

  it('shows each upload as a sized thumbnail named by its file, with a download link', async () => {
    const html = await render('submitted');
    expect(html).toMatch(
      /<img src="\/api\/account\/intake\/files\/fileabcdefghijkmnpqrstuv\?size=thumb" alt="Tom &amp; Jerry <logo>.png" width="\d+" height="\d+"/,
    );
    expect(html).toMatch(
      /<a href="\/api\/account\/intake\/files\/fileabcdefghijkmnpqrstuv" download="Tom &amp; Jerry <logo>.png"/,
    );
    expect(html).toContain('600 × 300 pixels');
  });

  it('a submitted intake has the reopen form (a plain POST); steps after the first start a printed page', async () => {
    const html = await render('submitted');
    expect(html).toMatch(/<form method="post" action="\/api\/admin\/website-info\/abcdefghijkmnpqrstuvwxyz23\/reopen"/);
    expect(html).toContain('Reopen for the customer');
    // The container leaves the styles out: the class the print styles break on is what shows.
    expect(html.match(/class="step step-break"/g)).toHaveLength(5);
    expect(html).toMatch(/<section aria-labelledby="step-business" class="step"/);
  });
});
