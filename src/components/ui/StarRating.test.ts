import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import StarRating from './StarRating.astro';

describe('StarRating', () => {
  it('draws 4.5 as four full stars and a half, labelled for screen readers', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(StarRating, { props: { rating: 4.5 } });
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Rated 4.5 out of 5"');
    expect(html.match(/class="star star-full"/g)).toHaveLength(4);
    expect(html.match(/class="star star-half"/g)).toHaveLength(1);
  });

  it('rounds to the nearest half star', async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(StarRating, { props: { rating: 3.2 } });
    expect(html).toContain('Rated 3 out of 5');
    expect(html.match(/data-star="empty"/g)).toHaveLength(2);
  });
});
