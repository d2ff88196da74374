import type { FastifyReply, FastifyRequest } from 'fastify';
import { publicApiUrl } from '../../lib/public-urls.ts';
import { LaunchRefusal } from './launch-checks.ts';

// The IMS Security Framework binds a login's state to the browser that began it: the login
// initiation leaves the state in a cookie, and a launch whose state that browser does not hold is
// refused. Without it, a launch form taken from one browser could be posted from another.
//
// One cookie per login, named by its state, so that launches begun at once in several tabs each
// find theirs. The launch is a form the platform's page posts to us from its own site, which a
// browser sends cookies with only when they are SameSite=None, and those only when Secure: on
// https, or on localhost where browsers take Secure cookies over http. On plain http elsewhere
// the cookie is Lax, enough for a platform on the same site and nothing more.
const LIFETIME_S = 10 * 60;
const cookieName = (state: string) => `lp_lti_${state}`;

const securable = (request: FastifyRequest) =>
  request.protocol === 'https' || ['localhost', '127.0.0.1', '[::1]'].includes(request.hostname);

function cookieOptions(request: FastifyRequest) {
  const secure = securable(request);
  return {
    httpOnly: true,
    secure,
    sameSite: secure ? ('none' as const) : ('lax' as const),
    // The path the browser posts the launch to: PUBLIC_URL's own (a proxy's mount point) and on.
    path: new URL(publicApiUrl(request.server, '/lti/launch')).pathname,
  };
}

export function keepLaunchState(request: FastifyRequest, reply: FastifyReply, state: string) {
  reply.setCookie(cookieName(state), '1', { ...cookieOptions(request), maxAge: LIFETIME_S });
}

/** Refuses a launch this browser did not begin; else spends its cookie. */
export function takeLaunchState(request: FastifyRequest, reply: FastifyReply, state: string) {
  if (request.cookies[cookieName(state)] !== '1')
    throw new LaunchRefusal(
      'This launch was not begun in this browser: the cookie its login left here is missing (the browser may block cookies for this site, or the launch took over 10 minutes). Launch again from the LMS.',
    );
  reply.clearCookie(cookieName(state), cookieOptions(request));
}
