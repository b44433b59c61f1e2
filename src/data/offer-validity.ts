/** The date until which published prices hold (Offer.priceValidUntil). One constant, read by the
 * structured data and by the build's staleness warning. */
export const PRICE_VALID_UNTIL = '2027-12-31';
