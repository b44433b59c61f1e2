/** Password length rules, shared by the browser schema, the server and the CLI scripts. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
