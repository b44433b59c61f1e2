const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** '$1,499.00': documents show every amount with its cents (prices on the site drop '.00'). */
export const formatAmount = (cents: number) => usd.format(cents / 100);
