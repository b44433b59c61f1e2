import { describe, expect, it } from 'vitest';
import { moveLinkTrailingSpace } from './link-whitespace.ts';

describe('moveLinkTrailingSpace', () => {
  it('moves the space before </a> after it, so the underline stops at the text', () => {
    expect(moveLinkTrailingSpace('read <a href="/terms" class="link"> our terms </a> first')).toBe(
      'read <a href="/terms" class="link"> our terms</a>  first',
    );
    expect(moveLinkTrailingSpace('<a href="/x">{label}\n  </a>.')).toBe('<a href="/x">{label}</a>\n  .');
  });

  it('leaves links without a trailing space as they are', () => {
    const html = '<p><a href="/a">A</a>, <a href="/b">B</a></p>';
    expect(moveLinkTrailingSpace(html)).toBe(html);
  });
});
