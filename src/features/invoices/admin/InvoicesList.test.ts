/** /admin/invoices as the server renders it: the bookkeeper's two exports, over the list's days. */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import InvoicesList from './InvoicesList.astro';

const admin = { id: 'a1', name: 'Owner', email: 'owner@example.com', role: 'admin' as const };

async function render(query: string) {
  return (await respond(query)).text();
}

async function respond(query: string) {
  const container = await AstroContainer.create();
  return container.renderToResponse(InvoicesList, {
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

  it('refuses a date that is not a real day: 400, the form back with what was typed and the field to fix', async () => {
    const response = await respond('?from=2026-13-45&to=yesterday&state=paid');
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/role="alert"[^>]*>\s*Invalid date in &#39;from&#39; and &#39;to&#39;/);
    // What was typed comes back in a text field (a date field would blank it), marked and explained.
    expect(html).toMatch(
      /<input[^>]*id="invoices-from"[^>]*type="text"[^>]*value="2026-13-45"[^>]*aria-invalid="true"[^>]*aria-describedby="invoices-from-error"/,
    );
    expect(html).toMatch(/<input[^>]*id="invoices-to"[^>]*type="text"[^>]*value="yesterday"[^>]*aria-invalid="true"/);
    expect(html).toContain('id="invoices-from-error"');
    expect(html).toContain('Enter a real day as YYYY-MM-DD, for example 2026-11-01');
    // The valid filters are kept; no rows under a range that was not applied.
    expect(html).toMatch(/<option value="paid" selected/);
    expect(html).toContain('No invoices match these filters.');
  });

  it('a real day, or none, is not an error', async () => {
    expect((await respond('?from=2026-11-01&to=')).status).toBe(200);
  });
});
