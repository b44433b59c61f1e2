/**
 * A small PDF writer for documents we generate ourselves (invoices): US Letter pages of text in
 * the standard Helvetica faces, rules and filled boxes. Nothing is embedded or fetched, so a page
 * is a few kilobytes and takes well under a millisecond; the text is real text (WinAnsi-encoded
 * standard fonts), so a reader can search it and a bookkeeper's tools can extract it.
 */

/** US Letter in points. */
export const PAGE = { width: 612, height: 792 } as const;

export type FontFace = 'regular' | 'bold';

export interface TextRun {
  x: number;
  /** Baseline, from the bottom of the page. */
  y: number;
  text: string;
  size: number;
  face?: FontFace;
  /** 'right': x is where the text ends (amount columns). */
  align?: 'left' | 'right';
  /** 0 (black) to 1 (white). */
  gray?: number;
}

export interface Rule {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  width?: number;
  gray?: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  gray: number;
}

export interface PdfPage {
  texts: TextRun[];
  rules?: Rule[];
  boxes?: Box[];
}

export interface PdfInfo {
  title: string;
  author: string;
}

// Advance widths (1/1000 em) of printable ASCII, 32-126, from Adobe's Helvetica AFM files.
// prettier-ignore
const WIDTHS: Record<FontFace, readonly number[]> = {
  regular: [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778,
    722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278,
    278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
  ],
  bold: [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778,
    722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333,
    278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
    611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
  ],
};

/** Characters outside Latin-1 that WinAnsiEncoding has, by their code there. */
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  '‰': 0x89,
  '‹': 0x8b,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '™': 0x99,
  '›': 0x9b,
  // The minus sign (a credit's '−$500.00'): WinAnsi has none, and its hyphen-minus reads the same.
  '−': 0x2d,
};

/** The text as WinAnsi bytes; a character the encoding lacks becomes '?'. */
function encode(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 63;
    if (code >= 32 && code <= 126) bytes.push(code);
    else if (code >= 160 && code <= 255) bytes.push(code);
    else bytes.push(WIN_ANSI[char] ?? 63);
  }
  return bytes;
}

/** Width in points of `text` at `size` (characters outside ASCII count as an average glyph). */
export function textWidth(text: string, size: number, face: FontFace = 'regular'): number {
  const widths = WIDTHS[face];
  let units = 0;
  for (const byte of encode(text)) units += byte >= 32 && byte <= 126 ? (widths[byte - 32] ?? 556) : 556;
  return (units * size) / 1000;
}

/** Splits `text` into lines no wider than `maxWidth` (a word longer than that is cut). */
export function wrapText(text: string, maxWidth: number, size: number, face: FontFace = 'regular'): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, size, face) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (textWidth(line, size, face) > maxWidth && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && textWidth(line.slice(0, cut), size, face) > maxWidth) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A PDF literal string: parentheses and backslashes escaped, other bytes outside ASCII in octal. */
function literal(text: string): string {
  let out = '(';
  for (const byte of encode(text)) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte > 126) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

const num = (value: number) => String(Math.round(value * 100) / 100);

function contentStream(page: PdfPage): string {
  const ops: string[] = [];
  for (const box of page.boxes ?? []) {
    ops.push(`${num(box.gray)} g ${num(box.x)} ${num(box.y)} ${num(box.width)} ${num(box.height)} re f`);
  }
  for (const rule of page.rules ?? []) {
    ops.push(
      `${num(rule.gray ?? 0)} G ${num(rule.width ?? 0.5)} w ${num(rule.x1)} ${num(rule.y1)} m ${num(rule.x2)} ${num(rule.y2)} l S`,
    );
  }
  for (const run of page.texts) {
    const face = run.face ?? 'regular';
    const x = run.align === 'right' ? run.x - textWidth(run.text, run.size, face) : run.x;
    const font = face === 'bold' ? 'F2' : 'F1';
    ops.push(
      `BT ${num(run.gray ?? 0)} g /${font} ${num(run.size)} Tf ${num(x)} ${num(run.y)} Td ${literal(run.text)} Tj ET`,
    );
  }
  return ops.join('\n');
}

/** The document's bytes: a catalog, the pages, two standard fonts, the info dictionary and a cross-reference table. */
export function renderPdf(pages: readonly PdfPage[], info: PdfInfo): Uint8Array {
  // Object numbers: 1 catalog, 2 page tree, 3-4 fonts, 5 info, then a page and its content per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title ${literal(info.title)} /Author ${literal(info.author)} /Producer ${literal(info.author)} >>`;
  pages.forEach((page, i) => {
    const id = pageIds[i] ?? 0;
    const stream = contentStream(page);
    objects[id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });

  // Written as latin1, one byte per character: offsets are string lengths.
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}
