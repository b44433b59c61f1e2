// @ts-check
/** Password length rules, shared by the browser schema, the server and plain-JS scripts. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
