import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import StarRating from './StarRating.astro';

describe('StarRating', () => {
  it('draws 4.5 as four full stars and a half, labelled for screen readers', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(StarRating, { props: { rating: 4.5, idPrefix: 't' } });
    expect(html).toContain('aria-label="Rated 4.5 out of 5"');
    expect(html.match(/data-star="full"/g)).toHaveLength(4);
    expect(html.match(/data-star="half"/g)).toHaveLength(1);
  });

  it('rounds to the nearest half star', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(StarRating, { props: { rating: 3.2, idPrefix: 't' } });
    expect(html).toContain('Rated 3 out of 5');
    expect(html.match(/data-star="empty"/g)).toHaveLength(2);
  });

  it('draws decorative stars, hidden from assistive tech, when the rating is written beside them', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(StarRating, {
      props: { rating: 4.8, idPrefix: 't', size: 18, decorative: true },
    });
    expect(html).toContain('aria-hidden="true"');
    expect(html).not.toContain('role="img"');
    expect(html).not.toContain('aria-label');
    expect(html.match(/width="18"/g)).toHaveLength(5);
  });
});
