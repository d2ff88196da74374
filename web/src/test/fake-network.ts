// The one stand-in for the network in component tests: answers requests by "METHOD /path" (the
// path without the API base) and records every call, so a test can check what was sent.
import { vi } from 'vitest';

export type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

export interface Call {
  method: string;
  /** Without the API base: '/cohorts/5'. */
  path: string;
  /** '?active=true', or '' without a query. */
  search: string;
  query: URLSearchParams;
  /** path + search: '/cohorts?active=true'. */
  url: string;
  headers: Headers;
  body: unknown;
  /** The request's credentials mode when it set one (whose cookies go with it). */
  credentials: RequestCredentials | undefined;
}

/** An answer, or a function of the call giving one (a promise that never settles = loading). */
export type Stub = Answer | ((call: Call) => Answer | Promise<Answer>);

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/**
 * A request body as sent: parsed when it is JSON, a Uint8Array of a file's bytes (a roster CSV),
 * else its text.
 */
function bodyOf(init: RequestInit | undefined): unknown {
  if (!init?.body) return undefined;
  if (init.body instanceof ArrayBuffer) return new Uint8Array(init.body);
  const text = String(init.body);
  const type = new Headers(init.headers).get('content-type') ?? 'application/json';
  return type.includes('json') ? JSON.parse(text) : text;
}

/** A text answer with its own content type (a CSV file) is sent as it is. */
const isText = (answer: Answer) =>
  typeof answer.body === 'string' && !(answer.headers?.['content-type'] ?? 'json').includes('json');

export function fakeNetwork(answers: Record<string, Stub> = {}) {
  const stubs = { ...answers };
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const call: Call = {
      method: init?.method ?? 'GET',
      path,
      search: url.search,
      query: url.searchParams,
      url: `${path}${url.search}`,
      headers: new Headers(init?.headers),
      body: bodyOf(init),
      credentials: init?.credentials,
    };
    calls.push(call);
    const stub = stubs[`${call.method} ${call.path}`];
    const answer = typeof stub === 'function' ? await stub(call) : stub;
    if (!answer) return json(404, { message: `No stub for ${call.method} ${call.path}` });
    if (answer.status === 204) return new Response(null, { status: 204, headers: answer.headers });
    if (isText(answer))
      return new Response(answer.body as string, {
        status: answer.status,
        headers: answer.headers,
      });
    return json(answer.status, answer.body ?? {}, answer.headers);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    /** Changes or adds an answer from now on. */
    answer: (key: string, stub: Stub) => {
      stubs[key] = stub;
    },
    /** Every call that was not a GET, as { method, path, body }. */
    writes: () =>
      calls
        .filter((call) => call.method !== 'GET')
        .map(({ method, path, body }) => ({ method, path, body })),
  };
}
