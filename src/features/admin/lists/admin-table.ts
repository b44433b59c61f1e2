/** Classes the admin tables share: AdminTable.astro draws the frame and header row, callers the body rows. */

export type AdminTableWidth = '36rem' | '40rem' | '48rem' | '56rem';
export type Density = 'normal' | 'compact';

/**
 * The table's least width, from 40rem up only (below it the rows are cards, AdminTable.astro).
 * Written out whole so Tailwind finds each class in the source.
 */
export const minWidthClass: Record<AdminTableWidth, string> = {
  '36rem': 'sm:min-w-[36rem]',
  '40rem': 'sm:min-w-[40rem]',
  '48rem': 'sm:min-w-[48rem]',
  '56rem': 'sm:min-w-[56rem]',
};

export const HEAD_ROW_CLASS = 'border-b border-slate-300';
export const ROW_CLASS = 'border-b border-slate-100 align-top';

interface CellOptions {
  /** The last column has no gutter to its right. */
  last?: boolean;
  /** 'compact' for figures inside a disclosure (the dashboard's weekly numbers). */
  density?: Density;
  /** More classes: wrapping for customer text, a width cap, a font. */
  extra?: string;
}

/** A header or body cell's classes. */
export const cellClass = ({ last = false, density = 'normal', extra }: CellOptions = {}) =>
  [density === 'compact' ? 'py-1' : 'py-2', last ? undefined : 'pr-4', extra].filter(Boolean).join(' ');

/*
 * A comment, or a start or end tag whose quoted attribute values may hold '>'. Text never holds
 * a raw '<': Astro escapes it (&lt;), so every '<' outside a quoted value starts markup.
 */
const MARKUP = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:[^>"']+|"[^"]*"|'[^']*')*)>/g;
const COLSPAN = /\scolspan\s*=\s*["']?(\d+)/i;
const LABELLED = /\sdata-label\s*=/i;

const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The rendered body rows with each cell's column name as `data-label`, which the card layout
 * below 40rem shows before the value: the callers write the names once, as AdminTable's columns.
 * A cell spanning several columns, a cell with its own data-label, or a column without a name
 * gets none. The rows hold no nested tables.
 */
export function labelCells(html: string, columns: readonly string[]): string {
  let column = 0;
  return html.replace(MARKUP, (tag, closing: string | undefined, name: string | undefined, attrs: string) => {
    if (closing || name === undefined) return tag;
    const element = name.toLowerCase();
    if (element === 'tr') column = 0;
    if (element !== 'td' && element !== 'th') return tag;
    const span = Number(COLSPAN.exec(attrs)?.[1] ?? 1) || 1;
    const label = span === 1 && !LABELLED.test(attrs) ? columns[column] : undefined;
    column += span;
    return label ? `<${name} data-label="${attribute(label)}"${tag.slice(name.length + 1)}` : tag;
  });
}
