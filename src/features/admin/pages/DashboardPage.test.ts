/** /admin as the server renders it: what the weekly chart says it counts, and one way of writing money. */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import { DASHBOARD } from '../dashboard/copy.ts';
import DashboardPage from './DashboardPage.astro';

const admin = { id: 'a1', name: 'Owner', email: 'owner@example.com', role: 'admin' as const };

async function render() {
  const container = await AstroContainer.create();
  return container.renderToString(DashboardPage, {
    request: new Request('http://localhost:4321/admin'),
    locals: { user: admin, session: null },
  });
}

describe('the admin dashboard', () => {
  it('says the chart’s revenue is payments by the day they arrived, not paid orders by the week placed', async () => {
    const html = await render();
    expect(html).toContain(DASHBOARD.chartCaption);
    expect(DASHBOARD.chartCaption).toContain('payments received');
    expect(html).not.toContain('paid orders by the week they were placed');
  });

  it('writes every amount one way: MRR, revenue and plan income all read $0.00 on an empty database', async () => {
    const text = (await render())
      .replace(/<(style|script)\b[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
    expect(text).toMatch(/MRR \(monthly recurring revenue\) \$0\.00/);
    expect(text).toMatch(/Revenue in \w+( \d{4})? \$0\.00/);
    expect(text).toMatch(/Plan income expected in the next \d+ days \$0\.00/);
    // No amount without its cents anywhere on the page.
    expect(text).not.toMatch(/\$\d[\d,]*(?![\d,]*\.\d\d)/);
  });
});
