import type { FastifyInstance } from 'fastify';
import { publicApiUrl } from '../../lib/public-urls.ts';

/** What a school registers on the LMS side: our login initiation, launch and JWKS URLs. */
export const ltiUrls = (app: FastifyInstance) => ({
  login_url: publicApiUrl(app, '/lti/login'),
  launch_url: publicApiUrl(app, '/lti/launch'),
  jwks_url: publicApiUrl(app, '/lti/jwks'),
});
