/**
 * The layout shift a page can show while it loads, computed from its layouts instead of sampled
 * from one load. Sampling (a PerformanceObserver during page.goto) depends on when the browser
 * happens to paint: a starved CPU paints while the parser is between two elements, a fast one
 * paints once, so the same page measured 0.000 or 0.0155. Here every moment a paint could show is
 * laid out on purpose, so the score is the same on every machine:
 * - the page as parsed up to the end of each element on the first screen (everything after it
 *   removed), step after step to the whole page;
 * - the whole page before its web fonts and images have arrived, and after.
 * Each step is scored as Chromium scores a layout shift (impact fraction × distance fraction, for
 * elements whose position moved by 3 px or more), and the steps are summed as if each were painted:
 * an upper bound of the CLS a real load can report. Lighthouse's sampled CLS stays in the bench
 * (`npm run bench`, budget 0.00).
 */
import type { Page } from '@playwright/test';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where each element of the body is laid out, in document order (null: not in the document at that step). */
type Layout = (Box | null)[];

/** Chromium's threshold: an element that moved less than this (CSS px) did not shift. */
const MOVEMENT_THRESHOLD = 3;

/** The score Chromium would give the change from `before` to `after` in a `viewport`-sized window. */
export function shiftScore(before: Layout, after: Layout, viewport: { width: number; height: number }): number {
  const cell = 4;
  const columns = Math.ceil(viewport.width / cell);
  const rows = Math.ceil(viewport.height / cell);
  const impacted = new Uint8Array(columns * rows);
  const mark = (box: Box) => {
    const left = Math.max(0, Math.floor(box.x / cell));
    const right = Math.min(columns, Math.ceil((box.x + box.width) / cell));
    const top = Math.max(0, Math.floor(box.y / cell));
    const bottom = Math.min(rows, Math.ceil((box.y + box.height) / cell));
    for (let row = top; row < bottom; row++)
      impacted.fill(1, row * columns + left, row * columns + Math.max(left, right));
  };
  const visible = (box: Box) =>
    box.width > 0 &&
    box.height > 0 &&
    box.x < viewport.width &&
    box.x + box.width > 0 &&
    box.y < viewport.height &&
    box.y + box.height > 0;
  let distance = 0;
  before.forEach((was, i) => {
    const now = after[i];
    if (!was || !now || !(visible(was) || visible(now))) return;
    const moved = Math.max(Math.abs(now.x - was.x), Math.abs(now.y - was.y));
    if (moved < MOVEMENT_THRESHOLD) return;
    distance = Math.max(distance, moved);
    mark(was);
    mark(now);
  });
  const area = impacted.reduce((n, v) => n + v, 0) / impacted.length;
  return (
    area * (Math.min(distance, Math.max(viewport.width, viewport.height)) / Math.max(viewport.width, viewport.height))
  );
}

/** One step of the parse: what was laid out once `cut` (a description of the element) had ended. */
export interface ParseStep {
  cut: string;
  /** Whether the element that ended is inside the site header. */
  inHeader: boolean;
  layout: Layout;
}

/**
 * The page's layouts as it is parsed: one for each element on the first screen whose arrival can
 * move the ones before it (below), as the page stands once that element has ended (its later siblings, and its ancestors' later siblings, not there yet), then the whole
 * page. Measured in the loaded page by taking the later nodes out, last step first, and putting
 * them all back at the end: one layout per step.
 */
export function parsingLayouts(page: Page): Promise<ParseStep[]> {
  return page.evaluate(() => {
    const elements = [...document.body.querySelectorAll('*')].filter(
      (el) => !el.closest('script, style, template, noscript, link'),
    );
    const layout = () =>
      elements.map((el) => {
        if (!el.isConnected) return null;
        const { x, y, width, height } = el.getBoundingClientRect();
        return { x, y, width, height };
      });
    const whole = layout();
    // In normal flow a later element does not move an earlier one, except inside a flex or grid
    // container (which shares its space among its children), a positioned one (which may be
    // anchored at its bottom) or a line that is centred or right-aligned. So a step is taken after
    // each child of those on the first screen.
    const shares = (parent: Element | null) => {
      if (!parent || parent === document.body) return false;
      const style = getComputedStyle(parent);
      return /flex|grid/.test(style.display) || style.position !== 'static' || !/^(start|left)$/.test(style.textAlign);
    };
    const cuts = elements.filter((el, i) => {
      const box = whole[i]!;
      const shown = box.width > 0 && box.height > 0 && box.y < innerHeight && box.y + box.height > 0;
      return shown && el.closest('svg') === null && shares(el.parentElement);
    });
    const nameOf = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''}`;
    // What each step took out, in document order; a later step takes nodes that come earlier.
    const taken: [Node, ChildNode][][] = [];
    const steps = [{ cut: 'the whole page', inHeader: false, layout: whole }];
    for (const el of cuts.reverse()) {
      const batch: [Node, ChildNode][] = [];
      for (let at: Element = el; at !== document.body; at = at.parentElement!) {
        for (let next = at.nextSibling; next; next = at.nextSibling) {
          batch.push([at.parentNode!, next]);
          next.remove();
        }
      }
      taken.push(batch);
      steps.unshift({ cut: nameOf(el), inHeader: el.closest('body > header') !== null, layout: layout() });
    }
    // Back in place: the last step's batch first, each batch in its own order.
    for (const batch of taken.reverse()) for (const [parent, node] of batch) parent.appendChild(node);
    return steps;
  });
}

/** The layout of the whole page in document order (scripts and templates left out). */
export function wholeLayout(page: Page): Promise<Layout> {
  return page.evaluate(() =>
    [...document.body.querySelectorAll('*')]
      .filter((el) => !el.closest('script, style, template, noscript, link'))
      .map((el) => {
        const { x, y, width, height } = el.getBoundingClientRect();
        return { x, y, width, height };
      }),
  );
}
