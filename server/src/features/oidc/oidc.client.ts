import * as client from 'openid-client';
import type { OidcSettings } from '../../config.ts';
import { HttpError } from '../../lib/http-errors.ts';

/*
 * The school's provider through openid-client: its configuration found once per process by
 * discovery (a failed discovery is tried again on the next sign-in), and its failures in words.
 * http: is allowed for an issuer on this machine only (a provider under test); any other must be
 * https.
 */

const discovered = new Map<string, Promise<client.Configuration>>();

const loopback = (url: URL) =>
  url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';

export function providerConfiguration(settings: OidcSettings): Promise<client.Configuration> {
  const key = `${settings.issuerUrl} ${settings.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    const issuer = new URL(settings.issuerUrl);
    found = client
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        execute: loopback(issuer) ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered.delete(key);
        throw new HttpError(
          503,
          `${settings.name} could not be reached (${messageOf(error)}). Please try again later.`,
        );
      });
    discovered.set(key, found);
  }
  return found;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The innermost cause's message: oauth4webapi's names the claim or field that was wrong. */
function innermost(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  return messageOf(current);
}

/** Why the provider's answer was not taken, for the person to read. */
export function refusalOf(error: unknown, name: string): HttpError {
  if (error instanceof HttpError) return error;
  if (
    error instanceof client.AuthorizationResponseError ||
    error instanceof client.ResponseBodyError
  )
    return new HttpError(
      400,
      `${name} did not sign you in: ${error.error_description ?? error.error}.`,
    );
  const detail = innermost(error);
  if (detail.includes('"nonce"'))
    return new HttpError(
      400,
      `The answer from ${name} was for another sign-in (its nonce did not match). Please sign in again.`,
    );
  if (detail.includes('"state"'))
    return new HttpError(
      400,
      `The answer from ${name} was for another sign-in (its state did not match). Please sign in again.`,
    );
  return new HttpError(400, `The answer from ${name} was not accepted: ${detail}.`);
}

export interface SchoolIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** Trades the callback's code for the ID token, checked against the attempt's PKCE, state and nonce. */
export async function identityFromCallback(
  settings: OidcSettings,
  callbackUrl: URL,
  checks: { verifier: string; state: string; nonce: string },
): Promise<SchoolIdentity> {
  const configuration = await providerConfiguration(settings);
  try {
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: text(claims.email),
      emailVerified: claims.email_verified === true,
      name: text(claims.name),
    };
  } catch (error) {
    throw refusalOf(error, settings.name);
  }
}

/** The provider's authorization URL for a new attempt, with its PKCE challenge, state and nonce. */
export async function authorizationUrl(settings: OidcSettings, redirectUri: string) {
  const configuration = await providerConfiguration(settings);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, verifier, state, nonce };
}
