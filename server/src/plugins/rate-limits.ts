import type { FastifyRequest } from 'fastify';

/** Named rate-limit presets, used as a route's `config.rateLimit`. */
export const rateLimits = {
  /** Password attempts per user name and address every 15 minutes (SIGNIN_RATE_LIMIT, default 10). */
  signIn: (max: number) => ({
    max,
    timeWindow: '15 minutes',
    keyGenerator: (request: FastifyRequest) => {
      const body = request.body as { username?: unknown } | undefined;
      const username = typeof body?.username === 'string' ? body.username.toLowerCase() : '';
      return `${request.ip}:${username}`;
    },
  }),
  /** GitHub sign-in steps: generous for people, tight for scripts. */
  oauth: { max: 30, timeWindow: '1 minute' },
};
