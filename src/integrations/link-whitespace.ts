import type { Plugin } from 'vite';

/**
 * Moves the whitespace before a closing `</a>` out of the link.
 *
 * The formatter puts a link's text on its own line (`<a …>\n  {label}\n</a>`), and Astro keeps
 * that line break as one space inside the link. Next to the space that usually follows the
 * link, the browser keeps the first of the two, the one inside, so the underline ran on under
 * a space after every such link (issue 24: "no underlined trailing spaces"). Moved after the
 * `</a>`, the same single space is drawn, outside the underline; where nothing follows (the
 * end of a cell, a list item, a flex button) it is dropped, as it was before.
 */
export const moveLinkTrailingSpace = (html: string): string => html.replace(/(\s+)<\/a>/g, '</a>$1');

/**
 * Applies it to every compiled .astro module: after Astro's compiler, where the template is
 * HTML in template literals (and `</a>` appears nowhere else), so both the prerendered and the
 * on-demand pages are rendered without the space and no request pays for it.
 */
export function linkWhitespace(): Plugin {
  return {
    name: 'palmetto:link-whitespace',
    enforce: 'post',
    transform(code, id) {
      if (!id.endsWith('.astro')) return null;
      const moved = moveLinkTrailingSpace(code);
      return moved === code ? null : { code: moved, map: null };
    },
  };
}
