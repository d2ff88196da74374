/**
 * Runs `work` once the browser has nothing more urgent to do (at the latest after `timeoutMs`),
 * e.g. after the first render of a screen; returns how to cancel it. Where the browser cannot
 * tell (no requestIdleCallback), it runs after the current task.
 */
export function whenIdle(work: () => void, timeoutMs = 1000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 0);
  return () => clearTimeout(handle);
}
