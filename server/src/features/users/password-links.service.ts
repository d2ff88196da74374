import type { PasswordLinkInfo } from '@lp/contract/accounts';
import { PASSWORD_LINK_DAYS } from '@lp/contract/constants';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit.ts';
import { isoTimestamp } from '../../lib/dates.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { fullName } from '../../lib/names.ts';
import { hashPassword, sha256 } from '../../lib/secrets.ts';
import { requirePasswordSignIn } from './learner-accounts.service.ts';
import * as repo from './users.repository.ts';

// The learner's side of a one-time link: who it is for, and setting the password on it. Each
// refusal says what happened and what to do, as the page shows it as it is.

const ASK = 'Ask your instructor for a new link.';

type Link = NonNullable<Awaited<ReturnType<typeof repo.findPasswordLink>>>;

async function openLink(app: FastifyInstance, token: string): Promise<Link> {
  requirePasswordSignIn(app);
  const link = await repo.findPasswordLink(app.db, sha256(token));
  if (!link)
    throw new HttpError(
      404,
      `This link is not valid: check that it was copied whole, or it was replaced by a newer one. ${ASK}`,
    );
  if (link.used_at)
    throw new HttpError(
      410,
      `This link was already used (or replaced by a newer one). If you set your password with it, sign in with your username and password; otherwise ${ASK.toLowerCase()}`,
    );
  if (link.expires_at.getTime() <= Date.now())
    throw new HttpError(
      410,
      `This link has expired: a link works for ${PASSWORD_LINK_DAYS} days after it was made. ${ASK}`,
    );
  if (!link.is_active) throw new HttpError(403, 'This account is deactivated.');
  return link;
}

export async function passwordLinkInfo(
  app: FastifyInstance,
  token: string,
): Promise<PasswordLinkInfo> {
  const link = await openLink(app, token);
  return {
    username: link.username,
    name: fullName(link),
    expires_at: isoTimestamp(link.expires_at),
  };
}

/** Sets the learner's password and uses the link up; answers the user name to sign in with. */
export async function setPasswordWithLink(app: FastifyInstance, token: string, password: string) {
  const link = await openLink(app, token);
  const passwordHash = await hashPassword(password);
  await app.db.transaction().execute(async (trx) => {
    if (!(await repo.useLink(trx, link.id)))
      throw new HttpError(410, 'This link was used a moment ago. Sign in with your password.');
    await repo.setPasswordHash(trx, link.person_id, passwordHash);
    await audit(trx, {
      actorId: link.person_id,
      action: 'set-password',
      entity: 'person',
      entityId: link.person_id,
    });
  });
  return { username: link.username };
}
