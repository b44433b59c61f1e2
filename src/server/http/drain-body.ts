/**
 * After answering a refusal before the body was read to its end: reads and drops what the
 * client is still sending, up to `maxBytes`. Cancelling the body instead would make Node
 * destroy the socket, and the browser would report a network error instead of our answer.
 */
export function drainBody(request: Request, maxBytes: number): void {
  const body = request.body;
  if (!body) return;
  void (async () => {
    let reader: ReadableStreamDefaultReader<Uint8Array>;
    try {
      reader = body.getReader();
    } catch {
      return; // locked or already cancelled
    }
    let total = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        total += value.byteLength;
        if (total > maxBytes) {
          await reader.cancel();
          return;
        }
      }
    } catch {
      // The client went away: nothing left to drain.
    }
  })();
}
