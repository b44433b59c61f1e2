import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import PersonAvatar from './PersonAvatar.astro';

describe('PersonAvatar', () => {
  it('shows the picture as a decorative, lazy image of a fixed size', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(PersonAvatar, {
      props: { name: 'Ana Reyes', src: '/images/people/ana-reyes.svg' },
    });
    const img = Object.fromEntries(
      [...(html.match(/<img [^>]*>/)?.[0] ?? '').matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    expect(img).toMatchObject({
      src: '/images/people/ana-reyes.svg',
      alt: '',
      width: '56',
      height: '56',
      loading: 'lazy',
      decoding: 'async',
    });
    expect(img.class).toMatch(/\brounded-full\b.*\bsize-14\b/);
    expect(html).not.toContain('style=');
    expect(html).not.toMatch(/>\s*AR\s*</);
  });

  it('is 44 px beside a review', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(PersonAvatar, {
      props: { name: 'Maria Delgado', src: '/images/people/maria-delgado.svg', size: 44 },
    });
    expect(html).toContain('width="44"');
    expect(html).toContain('height="44"');
    expect(html).toMatch(/class="[^"]*\bsize-11\b/);
  });

  it('falls back to the initials in the given colors, hidden from assistive tech, without a picture', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(PersonAvatar, {
      props: { name: 'Lena  Park', src: null, colors: 'bg-orange-800 text-white' },
    });
    expect(html).not.toContain('<img');
    expect(html).toMatch(
      /<span aria-hidden="true" class="[^"]*\bbg-orange-800 text-white\b[^"]*"[^>]*>\s*LP\s*<\/span>/,
    );
  });
});
