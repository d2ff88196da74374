// What a start costs on this machine before the product does anything: a bare Fastify app with
// one health route, spawned and asked like `npm start` (start-up.ts), so that the product's
// restart and first start are also reported as multiples of it, which move less with the machine.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { freePort } from '../../server/test/free-port.ts';

const POLL_MS = 20;
const GIVE_UP_MS = 60_000;

// Fastify as the server resolves it (the web workspace does not depend on it).
const fastifyPath = createRequire(new URL('../../server/package.json', import.meta.url)).resolve(
  'fastify',
);

const bareApp = (port: number) => `
const fastify = require(${JSON.stringify(fastifyPath)})();
fastify.get('/api/health', async () => ({ status: 'ok' }));
fastify.listen({ port: ${port}, host: '127.0.0.1' });
`;

/** Milliseconds from spawning the bare app to its first 200. */
export async function bareStartMs(): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', bareApp(port)], { stdio: 'ignore' });
  try {
    const deadline = Date.now() + GIVE_UP_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error('The bare Fastify app exited early');
      const status = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.status,
        () => null,
      );
      if (status === 200) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    throw new Error('The bare Fastify app did not answer');
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
}
