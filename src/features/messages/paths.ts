/** Where each side reads a thread: its order's page or its care-plan request's page. */
export const customerOrderPath = (id: string) => `/account/orders/${id}#messages`;
export const agencyOrderPath = (id: string) => `/admin/orders/${id}#messages`;
export const customerRequestPath = (id: string) => `/account/requests/${id}#messages`;
export const agencyRequestPath = (id: string) => `/admin/requests/${id}#messages`;

/** The page of a thread (by its order or request) for `side`. */
export function threadPath(thread: { orderId: string | null; requestId: string | null }, side: 'customer' | 'agency') {
  if (thread.orderId) return side === 'customer' ? customerOrderPath(thread.orderId) : agencyOrderPath(thread.orderId);
  const id = thread.requestId ?? '';
  return side === 'customer' ? customerRequestPath(id) : agencyRequestPath(id);
}

/** One message on its thread's page (`path` as above): its image is shown there, to its readers only. */
export const messagePath = (path: string, messageId: string) => `${path.split('#')[0]}#message-${messageId}`;
