/** fetch with a timeout and one retry on network errors and 5xx answers. */
export async function fetchWithRetry(
  url: string,
  init: RequestInit,
  timeoutMs = 10_000,
): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      if (response.status < 500 || attempt === 1) return response;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw lastError instanceof Error ? lastError : new Error(`Request to ${url} failed`);
}
