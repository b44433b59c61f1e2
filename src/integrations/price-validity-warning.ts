import type { AstroIntegration } from 'astro';
import { PRICE_VALID_UNTIL } from '#data/offer-validity.ts';

/**
 * Offer structured data carries priceValidUntil; once that date passes, search
 * engines may drop the price from results. Say so on every build.
 */
export function priceValidityWarning(): AstroIntegration {
  return {
    name: 'palmetto:price-validity-warning',
    hooks: {
      'astro:build:start': ({ logger }) => {
        const today = new Date().toISOString().slice(0, 10);
        if (PRICE_VALID_UNTIL < today) {
          logger.warn(
            `priceValidUntil (${PRICE_VALID_UNTIL}) is in the past: update PRICE_VALID_UNTIL in src/data/offer-validity.ts.`,
          );
        }
      },
    },
  };
}
