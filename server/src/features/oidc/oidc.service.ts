import type { SchoolLink } from '@lp/contract/oidc';
import type { FastifyInstance } from 'fastify';
import type { OidcSettings } from '../../config.ts';
import { audit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { lockName } from '../../lib/name-lock.ts';
import { oidcCallbackUrl } from '../../lib/public-urls.ts';
import { randomSecret, sha256 } from '../../lib/secrets.ts';
import type { SignedInPerson } from '../../plugins/principal.ts';
import {
  authorizationUrl,
  identityFromCallback,
  providerConfiguration,
  type SchoolIdentity,
} from './oidc.client.ts';
import * as repo from './oidc.repository.ts';

// A sign-in attempt lasts as GitHub's does (features/auth): 10 minutes to come back.
const ATTEMPT_LIFETIME_MS = 10 * 60_000;

export function settingsOf(app: FastifyInstance): OidcSettings {
  const settings = app.config.oidc;
  if (!settings)
    throw new HttpError(503, 'Sign-in with a school account is not configured on this server.');
  return settings;
}

/** Starts a school sign-in, or (linkingPersonId) the linking of a signed-in person's account. */
export async function startSchoolSignIn(app: FastifyInstance, linkingPersonId: number | null) {
  const attempt = await authorizationUrl(settingsOf(app), oidcCallbackUrl(app));
  await repo.createGrant(app.db, { ...attempt, linkingPersonId });
  return attempt.url;
}

export type CallbackOutcome = { code: string } | { linked: true };

/**
 * Finishes a school sign-in: the state names an attempt begun here and not answered yet, the
 * provider's answer passes openid-client's checks (PKCE, state, nonce, signature), then the
 * account is the one linked to the identity, else the one with its verified email address
 * (which links it), else none. A linking attempt links the identity to the person who began it.
 */
export async function completeSchoolSignIn(
  app: FastifyInstance,
  query: { state?: string; error?: string; error_description?: string },
  rawQuery: string,
): Promise<CallbackOutcome> {
  const settings = settingsOf(app);
  if (query.error)
    throw new HttpError(
      400,
      `${settings.name} did not sign you in: ${query.error_description ?? query.error}.`,
    );
  const grant = query.state
    ? await repo.takeOpenGrant(app.db, query.state, new Date(Date.now() - ATTEMPT_LIFETIME_MS))
    : undefined;
  if (!grant?.oidc_verifier || !grant.oidc_nonce)
    throw new HttpError(
      400,
      'The sign-in answer names no sign-in begun here (its state is unknown, expired or already used). Please sign in again.',
    );
  const identity = await identityFromCallback(
    settings,
    new URL(`${oidcCallbackUrl(app)}?${rawQuery}`),
    {
      verifier: grant.oidc_verifier,
      state: grant.state,
      nonce: grant.oidc_nonce,
    },
  );
  return app.db.transaction().execute(async (trx) => {
    await lockName(trx, 'oidc-identity', `${identity.issuer} ${identity.subject}`);
    const linked = await repo.personOfIdentity(trx, identity.issuer, identity.subject);
    if (grant.linking_person_id !== null) {
      if (linked && linked.id !== grant.linking_person_id)
        throw new HttpError(
          409,
          `This ${settings.name} account is already linked to another account here.`,
        );
      await repo.link(trx, identity, grant.linking_person_id);
      await audit(trx, {
        actorId: grant.linking_person_id,
        action: 'link',
        entity: 'oidc_identity',
        entityId: grant.linking_person_id,
        after: { issuer: identity.issuer, email: identity.email },
      });
      return { linked: true } as const;
    }
    const personId = linked ? linked.id : await matchByEmail(trx, identity, settings.name);
    if (linked && !linked.is_active) throw new HttpError(403, 'This account is deactivated.');
    const code = randomSecret(24);
    await repo.attachCode(trx, grant.id, personId, sha256(code));
    return { code };
  });
}

/** The one active account with the identity's verified email address, which it then links. */
async function matchByEmail(
  trx: Parameters<typeof repo.link>[0],
  identity: SchoolIdentity,
  name: string,
): Promise<number> {
  const ways = 'Sign in another way and link your school account under Settings, or ask staff.';
  if (!identity.email)
    throw new HttpError(
      403,
      `${name} did not tell your email address, and your school account is not linked to an account here. ${ways}`,
    );
  if (!identity.emailVerified)
    throw new HttpError(
      403,
      `${name} has not verified your email address ${identity.email}, so it cannot find your account here. ${ways}`,
    );
  const people = await repo.peopleWithEmail(trx, identity.email);
  const [person] = people;
  if (!person)
    throw new HttpError(403, `No account here has the email address ${identity.email}. ${ways}`);
  if (people.length > 1)
    throw new HttpError(
      403,
      `More than one account here has the email address ${identity.email}. ${ways}`,
    );
  if (!person.is_active) throw new HttpError(403, 'This account is deactivated.');
  await repo.link(trx, identity, person.id);
  await audit(trx, {
    actorId: person.id,
    action: 'link',
    entity: 'oidc_identity',
    entityId: person.id,
    after: { issuer: identity.issuer, email: identity.email, by: 'verified email' },
  });
  return person.id;
}

/** Whether the caller's account is linked to the configured provider. */
export async function schoolLinkOf(
  app: FastifyInstance,
  caller: SignedInPerson,
): Promise<SchoolLink> {
  const settings = app.config.oidc;
  if (!settings) return { linked: false, email: null };
  const { issuer } = (await providerConfiguration(settings)).serverMetadata();
  const row = await repo.linkOf(app.db, caller.id, issuer);
  return { linked: row !== undefined, email: row?.email ?? null };
}
