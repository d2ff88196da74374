import type { Browser } from 'playwright-core';

export interface PageBytes {
  /** JavaScript bytes as received (compressed, headers included). */
  js: number;
  /** CSS bytes as received (compressed, headers included). */
  css: number;
  files: number;
  /** Content-Encoding of the JavaScript and CSS answers, e.g. ['br']. */
  encodings: string[];
}

/**
 * The sign-in page in a new context (empty cache): the JavaScript and CSS it loads as they came
 * over the wire, summed from the Chrome DevTools Protocol's Network.loadingFinished
 * encodedDataLength.
 */
export async function signInPageBytes(browser: Browser, baseUrl: string): Promise<PageBytes> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const kinds = new Map<string, { kind: 'js' | 'css' | null; encoding: string }>();
    const received = new Map<string, number>();
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      const mime = response.mimeType;
      const kind = /javascript/.test(mime) ? 'js' : mime === 'text/css' ? 'css' : null;
      const header = Object.entries(response.headers).find(
        ([name]) => name.toLowerCase() === 'content-encoding',
      );
      kinds.set(requestId, { kind, encoding: header?.[1] ?? 'identity' });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      received.set(requestId, encodedDataLength);
    });
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // Whatever the page loads after showing the form counts too.
    await page.waitForLoadState('networkidle');
    const bytes: PageBytes = { js: 0, css: 0, files: 0, encodings: [] };
    for (const [requestId, { kind, encoding }] of kinds) {
      if (!kind) continue;
      bytes[kind] += received.get(requestId) ?? 0;
      bytes.files += 1;
      if (!bytes.encodings.includes(encoding)) bytes.encodings.push(encoding);
    }
    return bytes;
  } finally {
    await context.close();
  }
}
