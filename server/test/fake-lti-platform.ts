import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWK,
  jwtVerify,
  SignJWT,
} from 'jose';

// A local stand-in for an LMS (Canvas, Moodle…) as an LTI 1.3 platform: its own keys and JWKS,
// an authorization endpoint that answers the tool's login initiation with an auto-posting form
// carrying a signed id_token (response_mode=form_post), a token endpoint that checks the tool's
// signed client assertion, and the course's roster (NRPS) and gradebook (AGS). It records what it
// received.

const LTI = 'https://purl.imsglobal.org/spec/lti/claim';
const MEMBERSHIP = 'http://purl.imsglobal.org/vocab/lis/v2/membership';
export const ROLES = {
  instructor: [`${MEMBERSHIP}#Instructor`],
  learner: [`${MEMBERSHIP}#Learner`],
  administrator: ['http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator'],
};

export interface LmsUser {
  sub: string;
  given_name: string;
  family_name: string;
  email: string;
  roles: string[];
  /** In the course's roster (NRPS) but never launching: false to leave them out. */
  status?: 'Active' | 'Inactive';
}

/** What to spoil in the next id_tokens, for the tool's refusals. */
export interface Spoil {
  /** Signed with a key the JWKS does not hold, under the JWKS key's id. */
  foreignKey?: boolean;
  /** Expired an hour ago. */
  expired?: boolean;
  audience?: string;
  deploymentId?: string;
  messageType?: string;
  version?: string;
  nonce?: string;
}

export interface LineItem {
  id: string;
  label: string;
  scoreMaximum: number;
  resourceId?: string;
  tag?: string;
}

export interface Score {
  lineItem: string;
  userId: string;
  scoreGiven: number;
  scoreMaximum: number;
  activityProgress: string;
  gradingProgress: string;
  timestamp: string;
}

const text = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

const escaped = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export class FakeLtiPlatform {
  url = '';
  readonly clientId = 'lp-tool-client';
  readonly deploymentId = 'deployment-1';
  /** Users by login hint: the login initiation names one. */
  readonly users = new Map<string, LmsUser>();
  readonly course = { id: 'course-101', title: 'Web Development 101' };
  spoil: Spoil = {};
  /** Where the tool's public keys are read, to check its client assertions. */
  toolKeys: () => Promise<JSONWebKeySet> = async () => ({ keys: [] });
  /** Each id_token it signed, in order. */
  readonly idTokens: string[] = [];
  /** The client id of each client assertion it accepted. */
  readonly assertionClients: string[] = [];
  /** Scopes of the access tokens it handed out. */
  readonly tokenScopes: string[] = [];
  readonly lineItems: LineItem[] = [];
  readonly scores: Score[] = [];
  /** How many of the next score posts are answered 503. */
  failScores = 0;
  /** Every request received: 'POST /token'. */
  readonly calls: string[] = [];
  private readonly accessTokens = new Set<string>();
  private keys: { kid: string; privateKey: CryptoKey; publicJwk: JWK } | null = null;
  private foreign: CryptoKey | null = null;
  private server: Server | null = null;

  async start(): Promise<this> {
    const pair = await generateKeyPair('RS256', { extractable: true });
    const kid = 'platform-key-1';
    this.keys = {
      kid,
      privateKey: pair.privateKey,
      publicJwk: { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' },
    };
    this.foreign = (await generateKeyPair('RS256')).privateKey;
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** Lets the process end while it runs (a fake shared by a whole suite). */
  unref() {
    this.server?.unref();
    return this;
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** What staff register for this platform on our side. */
  registration(name = 'Fake LMS') {
    return {
      name,
      issuer: this.url,
      client_id: this.clientId,
      authorization_endpoint: `${this.url}/authorize`,
      token_endpoint: `${this.url}/token`,
      jwks_url: `${this.url}/jwks`,
      deployment_ids: [this.deploymentId],
    };
  }

  /** The login initiation the LMS sends the browser to, for a user by their login hint. */
  loginQuery(loginHint: string, targetLinkUri: string) {
    return new URLSearchParams({
      iss: this.url,
      login_hint: loginHint,
      target_link_uri: targetLinkUri,
      lti_message_hint: `resource-link-1 ${loginHint}`,
      client_id: this.clientId,
      lti_deployment_id: this.deploymentId,
    });
  }

  /** Follows the tool's redirect to the authorization endpoint: the form it would auto-post. */
  async authorize(location: string) {
    const response = await fetch(location);
    const page = await response.text();
    const field = (name: string) =>
      page.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1]?.replace(/&quot;/g, '"') ?? '';
    return {
      status: response.status,
      action: page.match(/action="([^"]*)"/)?.[1] ?? '',
      id_token: field('id_token'),
      state: field('state'),
    };
  }

  private contextUrl(path: string) {
    return `${this.url}/contexts/${this.course.id}${path}`;
  }

  /** The id_token of a launch of `user` with the nonce the tool sent. */
  async idToken(user: LmsUser, nonce: string, targetLinkUri: string, clientId = this.clientId) {
    if (!this.keys || !this.foreign) throw new Error('The fake platform is not started');
    const spoil = this.spoil;
    const now = Math.floor(Date.now() / 1000);
    const issuedAt = spoil.expired ? now - 3600 : now;
    const jwt = await new SignJWT({
      nonce: spoil.nonce ?? nonce,
      azp: clientId,
      given_name: user.given_name,
      family_name: user.family_name,
      name: `${user.given_name} ${user.family_name}`,
      email: user.email,
      [`${LTI}/message_type`]: spoil.messageType ?? 'LtiResourceLinkRequest',
      [`${LTI}/version`]: spoil.version ?? '1.3.0',
      [`${LTI}/deployment_id`]: spoil.deploymentId ?? this.deploymentId,
      [`${LTI}/target_link_uri`]: targetLinkUri,
      [`${LTI}/resource_link`]: { id: 'resource-link-1', title: 'Learning Platform' },
      [`${LTI}/roles`]: user.roles,
      [`${LTI}/context`]: {
        ...this.course,
        label: 'WD101',
        type: [`${MEMBERSHIP.replace('membership', 'course')}#CourseOffering`],
      },
      'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
        context_memberships_url: this.contextUrl('/memberships'),
        service_versions: ['2.0'],
      },
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
        scope: [
          'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
          'https://purl.imsglobal.org/spec/lti-ags/scope/score',
        ],
        lineitems: this.contextUrl('/lineitems'),
      },
    })
      .setProtectedHeader({ alg: 'RS256', kid: this.keys.kid, typ: 'JWT' })
      .setIssuer(this.url)
      .setSubject(user.sub)
      .setAudience(spoil.audience ?? clientId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 300)
      .sign(spoil.foreignKey ? this.foreign : this.keys.privateKey);
    this.idTokens.push(jwt);
    return jwt;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', this.url);
    this.calls.push(`${request.method} ${url.pathname}`);
    const json = (status: number, body: unknown, type = 'application/json') =>
      response.writeHead(status, { 'content-type': type }).end(JSON.stringify(body));
    if (url.pathname === '/jwks') return json(200, { keys: [this.keys?.publicJwk] });
    if (url.pathname === '/authorize') return this.authorizeAnswer(url, response);
    if (url.pathname === '/token' && request.method === 'POST')
      return this.tokenAnswer(new URLSearchParams(await text(request)), json);
    // The course's services take only the access tokens handed out.
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!this.accessTokens.has(bearer)) return json(401, { error: 'invalid_token' });
    if (url.pathname === `/contexts/${this.course.id}/memberships`)
      return json(
        200,
        {
          id: url.href,
          context: this.course,
          members: [...this.users.values()].map((user) => ({
            user_id: user.sub,
            status: user.status ?? 'Active',
            name: `${user.given_name} ${user.family_name}`,
            given_name: user.given_name,
            family_name: user.family_name,
            email: user.email,
            roles: user.roles,
          })),
        },
        'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
      );
    return this.gradebookAnswer(request, url, json);
  }

  private async authorizeAnswer(url: URL, response: ServerResponse) {
    const query = url.searchParams;
    const user = this.users.get(query.get('login_hint') ?? '');
    const problem =
      query.get('client_id') !== this.clientId
        ? 'unknown client_id'
        : query.get('response_mode') !== 'form_post' || query.get('scope') !== 'openid'
          ? 'not an LTI authentication request'
          : !user
            ? 'unknown login_hint'
            : null;
    if (problem || !user) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end(problem ?? 'refused');
      return;
    }
    const redirect = query.get('redirect_uri') ?? '';
    const idToken = await this.idToken(user, query.get('nonce') ?? '', redirect);
    const field = (name: string, value: string) =>
      `<input type="hidden" name="${name}" value="${escaped(value)}">`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><title>Launching…</title></head>
<body><form id="launch" method="post" action="${escaped(redirect)}">
${field('id_token', idToken)}
${field('state', query.get('state') ?? '')}
</form><script>document.getElementById('launch').submit();</script></body></html>`);
  }

  private async tokenAnswer(form: URLSearchParams, json: (status: number, body: unknown) => void) {
    if (form.get('grant_type') !== 'client_credentials')
      return json(400, { error: 'unsupported_grant_type' });
    if (
      form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'
    )
      return json(400, { error: 'invalid_request' });
    try {
      // Its issuer and subject are the tool's client id (any here: a suite registers several).
      const { payload } = await jwtVerify(
        form.get('client_assertion') ?? '',
        createLocalJWKSet(await this.toolKeys()),
        {
          audience: `${this.url}/token`,
          algorithms: ['RS256'],
          requiredClaims: ['iss', 'sub', 'jti', 'exp', 'iat'],
        },
      );
      if (payload.iss !== payload.sub) throw new Error('iss and sub differ');
      this.assertionClients.push(String(payload.iss));
    } catch (error) {
      return json(401, { error: 'invalid_client', error_description: String(error) });
    }
    const token = `access-${this.accessTokens.size + 1}`;
    this.accessTokens.add(token);
    const scope = form.get('scope') ?? '';
    this.tokenScopes.push(scope);
    return json(200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope });
  }

  private async gradebookAnswer(
    request: IncomingMessage,
    url: URL,
    json: (status: number, body: unknown, type?: string) => void,
  ) {
    const items = `/contexts/${this.course.id}/lineitems`;
    if (url.pathname === items && request.method === 'GET') {
      const resourceId = url.searchParams.get('resource_id');
      return json(
        200,
        this.lineItems.filter((item) => !resourceId || item.resourceId === resourceId),
        'application/vnd.ims.lis.v2.lineitemcontainer+json',
      );
    }
    if (url.pathname === items && request.method === 'POST') {
      const body = JSON.parse(await text(request)) as Omit<LineItem, 'id'>;
      const item = { ...body, id: `${this.url}${items}/${this.lineItems.length + 1}` };
      this.lineItems.push(item);
      return json(201, item, 'application/vnd.ims.lis.v2.lineitem+json');
    }
    const score = url.pathname.match(new RegExp(`^${items}/(\\d+)/scores$`));
    if (score && request.method === 'POST') {
      if (this.failScores > 0) {
        this.failScores -= 1;
        return json(503, { error: 'The gradebook is down for maintenance' });
      }
      const body = JSON.parse(await text(request)) as Omit<Score, 'lineItem'>;
      this.scores.push({ ...body, lineItem: `${this.url}${items}/${score[1]}` });
      return json(200, {});
    }
    return json(404, { error: `no ${request.method} ${url.pathname}` });
  }
}
