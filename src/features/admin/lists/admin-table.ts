/** Classes the admin tables share: AdminTable.astro draws the frame and header row, callers the body rows. */

export type AdminTableWidth = '36rem' | '40rem' | '48rem' | '56rem';
export type Density = 'normal' | 'compact';

/** Written out whole so Tailwind finds each class in the source. */
export const minWidthClass: Record<AdminTableWidth, string> = {
  '36rem': 'min-w-[36rem]',
  '40rem': 'min-w-[40rem]',
  '48rem': 'min-w-[48rem]',
  '56rem': 'min-w-[56rem]',
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
