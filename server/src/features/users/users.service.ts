import type { CreatedUser, CreateUserBody } from '@lp/contract/auth';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { lockName } from '../../lib/name-lock.ts';
import { fullName } from '../../lib/names.ts';
import { hashPassword } from '../../lib/secrets.ts';
import { enrolLearner } from '../cohorts/index.ts';
import * as repo from './users.repository.ts';

/** Staff create accounts; a learner account may be enrolled in a cohort at once. */
export async function createUser(
  app: FastifyInstance,
  actorId: number,
  body: CreateUserBody,
): Promise<CreatedUser> {
  const isStaff = body.staff ?? false;
  if (isStaff && body.cohort !== undefined)
    throw badRequest('body.cohort is only for learner accounts');
  const passwordHash = await hashPassword(body.password);
  return app.db.transaction().execute(async (trx) => {
    await lockName(trx, 'username', body.username);
    if (await repo.usernameTaken(trx, body.username)) {
      throw conflict(`A user with the username '${body.username}' already exists.`);
    }
    if (body.cohort !== undefined && !(await repo.cohortExists(trx, body.cohort)))
      throw notFound('Cohort');
    const person = await repo.insertPerson(trx, {
      username: body.username,
      password_hash: passwordHash,
      first_name: body.first_name.trim(),
      last_name: body.last_name.trim(),
      email: body.email?.trim() ?? '',
      is_staff: isStaff,
    });
    await audit(trx, {
      actorId,
      action: 'create',
      entity: 'person',
      entityId: person.id,
      after: { ...person },
    });
    if (body.cohort !== undefined) await enrolLearner(trx, person.id, body.cohort, actorId);
    return {
      id: person.id,
      username: person.username,
      name: fullName(person),
      staff: person.is_staff,
    };
  });
}
