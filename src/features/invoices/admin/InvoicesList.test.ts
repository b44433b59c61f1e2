/** /admin/invoices as the server renders it: the bookkeeper's two exports, over the list's days. */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import InvoicesList from './InvoicesList.astro';

const admin = { id: 'a1', name: 'Owner', email: 'owner@example.com', role: 'admin' as const };

async function render(query: string) {
  const container = await AstroContainer.create();
  return container.renderToString(InvoicesList, {
    request: new Request(`http://localhost:4321/admin/invoices${query}`),
    locals: { user: admin, session: null },
  });
}

describe('the invoices list', () => {
  it("links 'Export payments CSV' beside Export CSV, carrying the list's from/to only", async () => {
    const html = await render('?from=2026-11-01&to=2026-11-30&state=paid&q=ana');
    expect(html).toMatch(/<a href="\/api\/admin\/export\/invoices\.csv\?[^"]*"[^>]*>\s*Export CSV\s*<\/a>/);
    expect(html).toMatch(
      /<a href="\/api\/admin\/export\/payments\.csv\?from=2026-11-01&amp;to=2026-11-30"[^>]*download[^>]*>\s*Export payments CSV\s*<\/a>/,
    );
  });

  it('without a range, the payments file has every day', async () => {
    expect(await render('')).toMatch(/<a href="\/api\/admin\/export\/payments\.csv"[^>]*>\s*Export payments CSV/);
  });
});
