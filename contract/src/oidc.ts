import { type Static, Type } from 'typebox';
import { Nullable } from './common.ts';

/*
 * Sign-in through the school's OpenID Connect provider (OIDC_ISSUER_URL), beside GitHub's: the
 * authorization code flow with PKCE, state and nonce.
 *
 * GET /auth/oidc/url → 302 to the provider; 503 when not configured (a browser is sent to the
 *   client's /auth/oidc page, which says so)
 * GET /auth/oidc/callback → 302 to the client's /auth/oidc page: with `code`, a one-time code
 *   traded for a token by POST /auth/github as GitHub's is; with `linked=1` after linking; else
 *   with `error`, what went wrong in words (bad state, bad nonce, the provider's refusal, no
 *   matching account)
 * GET /auth/oidc/link → 200 SchoolLink: the signed-in person's link (signed in)
 * POST /auth/oidc/link → 200 SchoolLinkStart: where the browser goes to link the school account
 *   it signs in with to the signed-in person's (signed in); 503 when not configured
 *
 * An account is found by the link (the provider's issuer and subject), else by an email address
 * the provider says is verified (email_verified: true), which links it.
 */

export const OidcCallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 2000 })),
  state: Type.Optional(Type.String({ maxLength: 200 })),
  iss: Type.Optional(Type.String({ maxLength: 2000 })),
  error: Type.Optional(Type.String({ maxLength: 500 })),
  error_description: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type OidcCallbackQuery = Static<typeof OidcCallbackQuery>;

export const SchoolLink = Type.Object({
  linked: Type.Boolean(),
  /** The school account's email address when linked, if the provider told it. */
  email: Nullable(Type.String()),
});
export type SchoolLink = Static<typeof SchoolLink>;

export const SchoolLinkStart = Type.Object({ url: Type.String() });
export type SchoolLinkStart = Static<typeof SchoolLinkStart>;
