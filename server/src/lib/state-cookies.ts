import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http-errors.ts';
import { publicApiUrl } from './public-urls.ts';

// A sign-in at a provider (GitHub, the school's) is finished only by the browser that began it:
// the state sent to the provider is kept in a cookie of that browser too, and the callback takes
// only a state its cookie holds. A callback link begun by one person and opened by someone else's
// browser (a crafted link: login CSRF) is refused instead of signing that browser in to the first
// person's account, or tying the second person's identity to it. The routes that use these must
// read cookies (@fastify/cookie registered in their scope).

/** The state cookie of one kind of sign-in: its name, and the API path its routes are under. */
export interface StateCookie {
  name: string;
  /** e.g. '/auth/github': the browser sends the cookie only to routes under it. */
  under: string;
  /**
   * The callback comes as a form another site's page posts (an LTI launch): SameSite=None, which
   * a browser takes only when Secure, so on https or on localhost (where browsers take Secure
   * cookies over http); Lax on plain http elsewhere, enough for a caller on the same site.
   */
  crossSite?: boolean;
  /**
   * One cookie per attempt, named by its state, so that attempts begun at once in several tabs
   * each find theirs (LTI launches, which an LMS page may begin several of).
   */
  perAttempt?: boolean;
  /** What a refused callback says, when not the sign-in's words below. */
  refusal?: string;
}

/** As long as the server keeps an attempt's state open. */
const LIFETIME_S = 10 * 60;

const REFUSAL =
  'This sign-in was not begun in this browser (or it took too long). Please begin it again here.';

const nameOf = (cookie: StateCookie, state: string) =>
  cookie.perAttempt ? `${cookie.name}_${state}` : cookie.name;

const securable = (request: FastifyRequest) =>
  request.protocol === 'https' || ['localhost', '127.0.0.1', '[::1]'].includes(request.hostname);

/**
 * The cookie's attributes. Its path is the one the browser sees: PUBLIC_URL's own path (a
 * proxy's mount point), then the API prefix's, as the provider sends the browser back there.
 */
function optionsOf(request: FastifyRequest, cookie: StateCookie) {
  const secure = cookie.crossSite ? securable(request) : request.protocol === 'https';
  return {
    httpOnly: true,
    // Lax: the provider sends the browser back by a top-level GET, which carries a Lax cookie.
    sameSite: cookie.crossSite && secure ? ('none' as const) : ('lax' as const),
    secure,
    path: new URL(publicApiUrl(request.server, cookie.under)).pathname,
  };
}

/** Keeps the state of `providerUrl` (its `state` parameter) in the browser being sent there. */
export function keepState(
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: StateCookie,
  providerUrl: string,
) {
  const state = new URL(providerUrl).searchParams.get('state') ?? '';
  reply.setCookie(nameOf(cookie, state), state, {
    ...optionsOf(request, cookie),
    maxAge: LIFETIME_S,
  });
}

/**
 * Refuses (400) a callback whose state is not the one this browser keeps; once it is, the cookie
 * is cleared, the attempt being over. A refused callback leaves the cookie, so that a crafted
 * link opened meanwhile does not spoil the browser's own attempt under way.
 */
export function takeState(
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: StateCookie,
  state: string | undefined,
) {
  if (!state || request.cookies[nameOf(cookie, state)] !== state)
    throw new HttpError(400, cookie.refusal ?? REFUSAL);
  reply.clearCookie(nameOf(cookie, state), optionsOf(request, cookie));
}
