/** 'ORD-7K2M9QXP': how people refer to an order (the first characters of its id). */
export const orderNumber = (id: string) => `ORD-${id.slice(0, 8).toUpperCase()}`;
