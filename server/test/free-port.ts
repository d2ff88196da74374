import { createServer } from 'node:net';

/**
 * A TCP port free on 127.0.0.1 right now, for a server process a test starts. The server tests
 * and the browser tests (web/e2e) both take their ports from here.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
