import type { LightMyRequestResponse } from 'fastify';

/** Whether a browser sends a cookie of path `under` with a request to `path` (RFC 6265, 5.1.4). */
const pathMatches = (path: string, under: string) =>
  path === under || path.startsWith(under.endsWith('/') ? under : `${under}/`);

/**
 * The Cookie header a browser sends with a request to `path`, of the cookies `response` set:
 * those whose path covers it.
 */
export function cookieHeaderFor(response: LightMyRequestResponse, path: string): string {
  return response.cookies
    .filter((cookie) => pathMatches(path, cookie.path ?? '/'))
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}
