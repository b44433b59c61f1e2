import { describe, expect, it } from 'vitest';
import { UPLOADS } from './copy.ts';
import { fileProblem } from './file-check.ts';
import { MAX_FILE_BYTES } from './limits.ts';

describe('the browser check of a chosen image', () => {
  it('refuses a file over the 10 MB cap with the server’s words', () => {
    expect(fileProblem({ name: 'shop.jpg', size: MAX_FILE_BYTES + 1, type: 'image/jpeg' })).toBe(UPLOADS.tooLarge);
    expect(fileProblem({ name: 'shop.jpg', size: 12 * 1024 * 1024, type: 'image/jpeg' })).toBe(UPLOADS.tooLarge);
    expect(fileProblem({ name: 'shop.jpg', size: MAX_FILE_BYTES, type: 'image/jpeg' })).toBeNull();
  });

  it('refuses SVG, PDF and files that are not images, by type or by name', () => {
    expect(fileProblem({ name: 'logo.svg', size: 10, type: 'image/svg+xml' })).toBe(UPLOADS.svg);
    expect(fileProblem({ name: 'LOGO.SVG', size: 10, type: '' })).toBe(UPLOADS.svg);
    expect(fileProblem({ name: 'menu.pdf', size: 10, type: 'application/pdf' })).toBe(UPLOADS.pdf);
    expect(fileProblem({ name: 'notes.txt', size: 10, type: 'text/plain' })).toBe(UPLOADS.type);
    expect(fileProblem({ name: 'archive.zip', size: 10, type: '' })).toBe(UPLOADS.type);
  });

  it('leaves images to the server, HEIC included, and an accepted name without a type', () => {
    for (const [name, type] of [
      ['a.png', 'image/png'],
      ['a.webp', 'image/webp'],
      ['a.gif', 'image/gif'],
      ['a.avif', 'image/avif'],
      ['IMG_1.HEIC', 'image/heic'],
      ['photo.jpeg', ''],
    ] as const)
      expect(fileProblem({ name, size: 1000, type })).toBeNull();
  });
});
