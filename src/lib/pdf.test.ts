import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { PAGE, renderPdf, textWidth, wrapText } from './pdf.ts';

/** Each page's text as a PDF reader extracts it (pdf.js, through unpdf). */
async function pagesOf(bytes: Uint8Array): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: false });
  return text;
}

describe('renderPdf', () => {
  it('writes a document a reader opens, with its text extractable, on as many pages as given', async () => {
    const bytes = renderPdf(
      [
        {
          texts: [
            { x: 50, y: 740, text: 'INV-2026-0001', size: 18, face: 'bold' },
            { x: 562, y: 740, text: '$1,499.00', size: 12, align: 'right' },
          ],
          rules: [{ x1: 50, y1: 730, x2: 562, y2: 730 }],
          boxes: [{ x: 50, y: 700, width: 512, height: 20, gray: 0.95 }],
        },
        { texts: [{ x: 50, y: 740, text: 'Page two', size: 10 }] },
      ],
      { title: 'Invoice INV-2026-0001', author: 'Palmetto Web Studio' },
    );
    expect(new TextDecoder().decode(bytes.slice(0, 8))).toBe('%PDF-1.4');
    const pages = await pagesOf(bytes);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('INV-2026-0001');
    expect(pages[0]).toContain('$1,499.00');
    expect(pages[1]).toContain('Page two');
    const document = await getDocumentProxy(new Uint8Array(bytes));
    // pdf.js types the info dictionary as Object.
    const info = (await document.getMetadata()).info as unknown as Record<string, unknown>;
    expect(info.Title).toBe('Invoice INV-2026-0001');
    const page = await document.getPage(1);
    expect(page.view).toEqual([0, 0, PAGE.width, PAGE.height]);
  });

  it('keeps parentheses, backslashes and accented or typographic characters as text', async () => {
    const line = 'Café (Orlando) \\ “Fresh” – 50% off… €5';
    const [page] = await pagesOf(
      renderPdf([{ texts: [{ x: 50, y: 700, text: line, size: 10 }] }], { title: 't', author: 'a' }),
    );
    expect(page).toContain(line);
  });

  it('writes a character the fonts cannot show as a question mark rather than breaking the file', async () => {
    const [page] = await pagesOf(
      renderPdf([{ texts: [{ x: 50, y: 700, text: 'Plan 🚀 ok', size: 10 }] }], { title: 't', author: 'a' }),
    );
    expect(page).toContain('Plan ? ok');
  });

  it('puts right-aligned text so that it ends at x', async () => {
    const bytes = renderPdf([{ texts: [{ x: 500, y: 700, text: '$10.00', size: 10, align: 'right' }] }], {
      title: 't',
      author: 'a',
    });
    const document = await getDocumentProxy(new Uint8Array(bytes));
    const content = await (await document.getPage(1)).getTextContent();
    const item = content.items[0] as { transform: number[]; width: number };
    expect(item.transform[4]! + item.width).toBeCloseTo(500, 0);
  });
});

describe('textWidth and wrapText', () => {
  it('measures Helvetica: digits are 0.556 em, the bold face is wider', () => {
    expect(textWidth('0000', 10)).toBeCloseTo(22.24);
    expect(textWidth('Palmetto', 10, 'bold')).toBeGreaterThan(textWidth('Palmetto', 10));
  });

  it('wraps at word boundaries within the width, and cuts a word longer than the line', () => {
    const lines = wrapText('Custom website build with five pages, a contact form and local SEO set-up', 150, 10);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(textWidth(line, 10)).toBeLessThanOrEqual(150);
    expect(lines.join(' ')).toBe('Custom website build with five pages, a contact form and local SEO set-up');
    const cut = wrapText('x'.repeat(200), 100, 10);
    expect(cut.join('')).toBe('x'.repeat(200));
    for (const line of cut) expect(textWidth(line, 10)).toBeLessThanOrEqual(100);
  });
});
