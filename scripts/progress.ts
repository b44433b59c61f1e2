/**
 * A counter for a long build step: call it once per item done; it prints `label: done/total`
 * at most every few seconds (never for a step that ends sooner), so a slow build on a busy
 * machine never looks stuck.
 */
export function progress(label: string, total: number, everyMs = 3000): () => void {
  let done = 0;
  let last = Date.now();
  return () => {
    done += 1;
    const now = Date.now();
    if (now - last < everyMs || done >= total) return;
    last = now;
    console.log(`${label}: ${done}/${total}`);
  };
}
