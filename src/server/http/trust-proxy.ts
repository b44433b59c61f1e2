/**
 * TRUST_PROXY: a hop count ('1' for one proxy in front: the client is the address that proxy
 * appended), or proxy addresses ('10.0.0.1,10.0.0.2'). 'true' trusts every hop, which lets a
 * client choose its own address: avoid it.
 */
export function parseTrustProxy(
  value: string | undefined,
): boolean | string | ((address: string, hop: number) => boolean) {
  if (!value || value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    // The hop-count rule of proxy-addr, as a function (Fastify's types omit the number form).
    return (_address: string, hop: number) => hop < hops;
  }
  return value === 'true' ? true : value;
}
