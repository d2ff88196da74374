import type { FastifyInstance } from 'fastify';

/**
 * The addresses the server hands out: every one is the configured public address (PUBLIC_URL),
 * then the API prefix, then the path, so the sign-in callback, the invitation link and the
 * calendar feed always agree on where the API is.
 */
export function publicApiUrl(app: FastifyInstance, path: string): string {
  return `${app.config.publicUrl}${app.config.apiPrefix}${path}`;
}

/** The iCalendar subscription URL of a cohort: absolute, carrying the cohort's feed secret. */
export function calendarFeedUrl(app: FastifyInstance, cohortId: number, secret: string) {
  return publicApiUrl(
    app,
    `/cohorts/${cohortId}/calendar.ics?secret=${encodeURIComponent(secret)}`,
  );
}

/** The sign-in link that enrols a learner in a cohort: it carries the cohort's invitation secret. */
export function invitationUrl(app: FastifyInstance, cohortId: number, secret: string) {
  return publicApiUrl(app, `/auth/github/url?cohort=${cohortId}&v=${encodeURIComponent(secret)}`);
}

/** Where GitHub sends the browser back after sign-in. */
export const githubCallbackUrl = (app: FastifyInstance) =>
  publicApiUrl(app, '/auth/github/callback');

/** Where the school's OpenID Connect provider sends the browser back after sign-in. */
export const oidcCallbackUrl = (app: FastifyInstance) => publicApiUrl(app, '/auth/oidc/callback');

/** A page of the web client (CLIENT_URL), e.g. where a link that needs the person's input lands. */
export function clientPageUrl(app: FastifyInstance, path: string, query: Record<string, string>) {
  return `${app.config.clientUrl}${path}?${new URLSearchParams(query)}`;
}

/** The one-time link on which a learner sets their password: the client's page with its secret. */
export const passwordLinkUrl = (app: FastifyInstance, secret: string) =>
  clientPageUrl(app, '/set-password', { token: secret });

/** The client's page for an invitation link that needs the person there (not GitHub's). */
export const joinPageUrl = (app: FastifyInstance, cohortId: number, secret: string) =>
  clientPageUrl(app, '/join', { cohort: String(cohortId), v: secret });
