import { SignJWT } from 'jose';
import type { Db } from '../../db/schema.ts';
import { fetchWithRetry, OutsideError, rateLimitWait } from '../../integrations/http.ts';
import { randomSecret } from '../../lib/secrets.ts';
import { currentSigningKey } from './tool-keys.ts';

/** The LMS services' scopes (NRPS 2.0, AGS 2.0). */
export const SCOPES = {
  roster: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
  lineItems: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  scores: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;

interface Platform {
  name: string;
  client_id: string;
  token_endpoint: string;
}

/** An LMS's failed answer, in words; transient (5xx, 429, none) when trying later may do. */
async function failure(platform: Platform, what: string, response: Response) {
  const said = (await response.text().catch(() => '')).slice(0, 200);
  return new OutsideError(
    `${platform.name} answered ${response.status} to ${what}${said ? `: ${said}` : ''}`,
    response.status,
    rateLimitWait(response),
  );
}

/**
 * Calls an LMS's services for this tool: an access token for the scopes first, got with a client
 * assertion we sign (JWT bearer, client_credentials grant: IMS Security Framework §4.1), then
 * the call with it. Failures are OutsideErrors, which the job queue retries when transient.
 */
export class LmsClient {
  constructor(
    private readonly db: Db,
    private readonly platform: Platform,
  ) {}

  private async assertion() {
    const { kid, key } = await currentSigningKey(this.db);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(this.platform.client_id)
      .setSubject(this.platform.client_id)
      .setAudience(this.platform.token_endpoint)
      .setIssuedAt()
      .setExpirationTime('5m')
      .setJti(randomSecret(16))
      .sign(key);
  }

  private async accessToken(scopes: string[]) {
    const response = await fetchWithRetry(this.platform.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: await this.assertion(),
        scope: scopes.join(' '),
      }),
    });
    if (!response.ok) throw await failure(this.platform, 'our access token request', response);
    const body = (await response.json().catch(() => null)) as { access_token?: unknown } | null;
    if (typeof body?.access_token !== 'string')
      throw new OutsideError(`${this.platform.name} sent no access token`);
    return body.access_token;
  }

  /** Calls a service URL with a fresh token for the scopes; a failed answer is thrown. */
  async call(
    url: string,
    what: string,
    scopes: string[],
    init: { method?: string; accept: string; body?: { type: string; json: unknown } },
  ) {
    const token = await this.accessToken(scopes);
    const response = await fetchWithRetry(url, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        accept: init.accept,
        ...(init.body ? { 'content-type': init.body.type } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body.json) } : {}),
    });
    if (!response.ok) throw await failure(this.platform, what, response);
    return response;
  }
}
