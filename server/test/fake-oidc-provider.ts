import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/** Who signs in at the fake provider next: the ID token's claims. */
export interface FakeSchoolUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string;
  user: FakeSchoolUser;
}

const PATH = '/school';

/**
 * A school's OpenID Connect provider on this machine, for tests: discovery, JWKS, an
 * authorization endpoint that signs in `nextUser` at once and redirects back with a code, and a
 * token endpoint that checks the client, the code, the redirect URI and PKCE (S256) and answers
 * an RS256 ID token. `answerNonce` makes the next token carry another nonce; `refuseNext` makes
 * the next authorization answer an error, as a provider does when the person declines.
 */
export class FakeOidcProvider {
  readonly clientId = 'lp-school-client';
  readonly clientSecret = 'lp-school-secret';
  nextUser: FakeSchoolUser = {
    sub: 'school-1',
    email: 'someone@school.test',
    email_verified: true,
  };
  answerNonce: string | null = null;
  refuseNext: { error: string; error_description: string } | null = null;
  private readonly codes = new Map<string, IssuedCode>();
  private server: Server | null = null;
  private keys: { privateKey: CryptoKey; jwk: JWK } | null = null;
  private origin = '';

  get issuer() {
    return `${this.origin}${PATH}`;
  }

  async start() {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    this.keys = {
      privateKey,
      jwk: { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' },
    };
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', this.origin);
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    switch (url.pathname) {
      case `${PATH}/.well-known/openid-configuration`:
        return json(200, {
          issuer: this.issuer,
          authorization_endpoint: `${this.issuer}/authorize`,
          token_endpoint: `${this.issuer}/token`,
          jwks_uri: `${this.issuer}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        });
      case `${PATH}/jwks`:
        return json(200, { keys: [this.keys?.jwk] });
      case `${PATH}/authorize`:
        return this.authorize(url.searchParams, response);
      case `${PATH}/token`:
        return this.token(new URLSearchParams(await bodyOf(request)), request, json);
      default:
        return json(404, { error: 'not_found' });
    }
  }

  private authorize(query: URLSearchParams, response: ServerResponse) {
    const redirectUri = query.get('redirect_uri') ?? '';
    const back = new URL(redirectUri);
    back.searchParams.set('state', query.get('state') ?? '');
    if (this.refuseNext) {
      back.searchParams.set('error', this.refuseNext.error);
      back.searchParams.set('error_description', this.refuseNext.error_description);
      this.refuseNext = null;
    } else {
      if (query.get('client_id') !== this.clientId || query.get('code_challenge_method') !== 'S256')
        return response.writeHead(400).end('unknown client or no PKCE');
      const code = randomBytes(16).toString('hex');
      this.codes.set(code, {
        clientId: this.clientId,
        redirectUri,
        challenge: query.get('code_challenge') ?? '',
        nonce: query.get('nonce') ?? '',
        user: this.nextUser,
      });
      back.searchParams.set('code', code);
    }
    response.writeHead(302, { location: back.href }).end();
  }

  private async token(
    form: URLSearchParams,
    request: IncomingMessage,
    json: (status: number, body: unknown) => void,
  ) {
    const [basicId, basicSecret] = Buffer.from(
      (request.headers.authorization ?? '').replace(/^Basic /, ''),
      'base64',
    )
      .toString()
      .split(':')
      .map(decodeURIComponent);
    const clientId = form.get('client_id') ?? basicId;
    const secret = form.get('client_secret') ?? basicSecret;
    if (clientId !== this.clientId || secret !== this.clientSecret)
      return json(401, { error: 'invalid_client' });
    const issued = this.codes.get(form.get('code') ?? '');
    this.codes.delete(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (
      !issued ||
      issued.redirectUri !== form.get('redirect_uri') ||
      issued.challenge !== challenge
    )
      return json(400, { error: 'invalid_grant', error_description: 'code, redirect_uri or PKCE' });
    const nonce = this.answerNonce ?? issued.nonce;
    this.answerNonce = null;
    const { sub, ...claims } = issued.user;
    const idToken = await new SignJWT({ ...claims, nonce })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(this.issuer)
      .setSubject(sub)
      .setAudience(this.clientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(this.keys?.privateKey as CryptoKey);
    return json(200, {
      access_token: randomBytes(16).toString('hex'),
      token_type: 'Bearer',
      expires_in: 300,
      id_token: idToken,
    });
  }
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}
