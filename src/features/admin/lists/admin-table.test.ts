import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import AdminTable from './AdminTable.astro';
import { labelCells } from './admin-table.ts';

const COLUMNS = ['Order', 'Customer', 'Total'];

describe('labelCells', () => {
  it("labels each row's cells with their columns, row headers included, starting again on each row", () => {
    const html = '<tr class="a"><th scope="row">1</th><td>2</td><td class="x">3</td></tr><tr><td>4</td><td>5</td></tr>';
    expect(labelCells(html, COLUMNS)).toBe(
      '<tr class="a"><th data-label="Order" scope="row">1</th><td data-label="Customer">2</td>' +
        '<td data-label="Total" class="x">3</td></tr><tr><td data-label="Order">4</td><td data-label="Customer">5</td></tr>',
    );
  });

  it('skips spanning cells but counts their columns, and keeps a label the caller wrote', () => {
    const html = '<tr><th colspan="2">Total</th><td data-label="Sum">9</td></tr><tr><td colspan=1>a</td></tr>';
    expect(labelCells(html, COLUMNS)).toBe(
      '<tr><th colspan="2">Total</th><td data-label="Sum">9</td></tr><tr><td data-label="Order" colspan=1>a</td></tr>',
    );
  });

  it('leaves markup inside cells, quoted values with tags in them, comments and extra cells alone', () => {
    const html =
      '<tr><td><a href="/x" title="<td> > <tr>">ORD-1</a><br></td><!-- <td> --><td>&lt;td&gt;</td><td>3</td><td>4</td></tr>';
    expect(labelCells(html, COLUMNS)).toBe(
      '<tr><td data-label="Order"><a href="/x" title="<td> > <tr>">ORD-1</a><br></td><!-- <td> -->' +
        '<td data-label="Customer">&lt;td&gt;</td><td data-label="Total">3</td><td>4</td></tr>',
    );
  });

  it('escapes a label for its attribute', () => {
    expect(labelCells('<tr><td>1</td></tr>', ['"Q" & A'])).toBe(
      '<tr><td data-label="&quot;Q&quot; &amp; A">1</td></tr>',
    );
  });
});

describe('AdminTable', () => {
  it('draws the header from its columns and labels the rows it is given', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(AdminTable, {
      props: { columns: COLUMNS, caption: 'Orders', minWidth: '48rem' },
      slots: { default: '<tr><td>ORD-1</td><td>Ann</td><td>$10</td></tr>' },
    });
    // Dev renders carry source attributes: compare tags by their class and text only.
    expect(html).toMatch(/<table class="admin-table w-full text-left sm:min-w-\[48rem\]"/);
    expect(html).toMatch(/<th scope="col" class="py-2 pr-4"[^>]*>\s*Order\s*<\/th>/);
    expect(html).toContain(
      '<tr><td data-label="Order">ORD-1</td><td data-label="Customer">Ann</td><td data-label="Total">$10</td></tr></tbody>',
    );
  });
});
