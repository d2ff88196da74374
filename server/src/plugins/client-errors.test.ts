import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
let port: number;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => ctx.close());

/** Sends raw bytes and returns the whole answer, as a client on the wire sees it. */
function rawRequest(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server closes the connection right after answering; what it sent is the answer.
      if (answer) resolve(answer);
      else reject(error);
    });
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

it('answers headers that are too large with 431 and the API error body', async () => {
  const answer = await rawRequest(
    `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
  );
  expect(answer).toMatch(/^HTTP\/1\.1 431 /);
  expect(answer).toContain('Content-Type: application/json');
  expect(bodyOf(answer)).toEqual({ message: 'The request headers (or URL) are too large.' });
});

it('answers a URL too long for the headers with 431 and the API error body', async () => {
  const answer = await rawRequest(
    `GET /api/health?x=${'a'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
  );
  expect(answer).toMatch(/^HTTP\/1\.1 431 /);
  expect(Object.keys(bodyOf(answer))).toEqual(['message']);
});

it('answers bytes that are not HTTP with 400 and the API error body', async () => {
  const answer = await rawRequest('NOT HTTP AT ALL\r\n\r\n');
  expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  expect(bodyOf(answer)).toEqual({ message: 'The request is not valid HTTP.' });
});
