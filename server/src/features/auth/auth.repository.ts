import type { Db } from '../../db/schema.ts';
import type { GithubUser } from '../../integrations/github.ts';

export const findByUsername = (db: Db, username: string) =>
  db
    .selectFrom('people')
    .select(['id', 'password_hash', 'is_active', 'is_staff'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();

export const revokeToken = (db: Db, tokenId: number) =>
  db.updateTable('tokens').set({ revoked_at: new Date() }).where('id', '=', tokenId).execute();

export const createGrant = (
  db: Db,
  values: {
    state: string;
    cohort_id: number | null;
    invitation: string | null;
    person_id?: number;
    code_hash?: string;
  },
) => db.insertInto('sign_in_grants').values(values).execute();

export const findOpenGrantByState = (db: Db, state: string, notBefore: Date) =>
  db
    .selectFrom('sign_in_grants')
    .selectAll()
    .where('state', '=', state)
    // A school sign-in's state (features/oidc) is not GitHub's to answer.
    .where('oidc_verifier', 'is', null)
    .where('code_hash', 'is', null)
    .where('created_at', '>', notBefore)
    .executeTakeFirst();

/** Gives the grant its one-time code, once: false when a parallel callback already did. */
export const attachCode = async (db: Db, grantId: number, personId: number, codeHash: string) =>
  Number(
    (
      await db
        .updateTable('sign_in_grants')
        .set({ person_id: personId, code_hash: codeHash })
        .where('id', '=', grantId)
        .where('code_hash', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

/** Marks a one-time code used and returns whom it signs in; a used or stale code returns nothing. */
export const consumeCode = (db: Db, codeHash: string, notBefore: Date) =>
  db
    .updateTable('sign_in_grants')
    .set({ used_at: new Date() })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('created_at', '>', notBefore)
    .returning(['person_id'])
    .executeTakeFirst();

export const findByGithubId = (db: Db, githubId: number) =>
  db
    .selectFrom('people')
    .select(['id', 'is_active', 'is_staff', 'github_login', 'avatar_url'])
    .where('github_id', '=', githubId)
    .executeTakeFirst();

/**
 * The account staff made for a GitHub login (a roster import) that nobody has signed in to yet:
 * a learner's, with that login and no GitHub id. Undefined unless exactly one.
 */
export async function findUnclaimedByLogin(db: Db, login: string) {
  const rows = await db
    .selectFrom('people')
    .select(['id', 'is_active', 'github_login', 'avatar_url'])
    .where((eb) => eb(eb.fn('lower', ['github_login']), '=', login.toLowerCase()))
    .where('github_id', 'is', null)
    .where('is_staff', '=', false)
    .limit(2)
    .execute();
  return rows.length === 1 ? rows[0] : undefined;
}

/** Links an account made by staff to the GitHub user who signed in with its login. */
export const claimForGithubUser = (db: Db, personId: number, user: GithubUser) =>
  db
    .updateTable('people')
    .set({
      github_id: user.id,
      github_login: user.login,
      avatar_url: user.avatar_url,
      github_repos_url: user.repos_url,
    })
    .where('id', '=', personId)
    .execute();

export async function uniqueUsername(db: Db, login: string): Promise<string> {
  let candidate = login;
  for (let suffix = 2; await findByUsername(db, candidate); suffix += 1)
    candidate = `${login}${suffix}`;
  return candidate;
}

export const refreshGithubFields = (db: Db, personId: number, user: GithubUser) =>
  db
    .updateTable('people')
    .set({
      github_login: user.login,
      avatar_url: user.avatar_url,
      github_repos_url: user.repos_url,
    })
    .where('id', '=', personId)
    .execute();

export const insertGithubPerson = (
  db: Db,
  user: GithubUser,
  username: string,
  isStaff: boolean,
) => {
  const [first, ...rest] = (user.name ?? '').trim().split(/\s+/);
  return db
    .insertInto('people')
    .values({
      username,
      first_name: first ?? '',
      last_name: rest.join(' '),
      email: user.email ?? '',
      is_staff: isStaff,
      github_id: user.id,
      github_login: user.login,
      avatar_url: user.avatar_url,
      github_repos_url: user.repos_url,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
};

/** Failures per key since a moment, with the first of them (when the window frees up). */
export const countFailuresSince = (db: Db, keys: string[], since: Date) =>
  db
    .selectFrom('sign_in_failures')
    .select(({ fn }) => [
      'key',
      fn.countAll<number>().as('failures'),
      fn.min('failed_at').as('first'),
    ])
    .where('key', 'in', keys)
    .where('failed_at', '>', since)
    .groupBy('key')
    .execute();

export async function addFailures(db: Db, keys: string[], forgetBefore: Date) {
  await db
    .deleteFrom('sign_in_failures')
    .where('key', 'in', keys)
    .where('failed_at', '<=', forgetBefore)
    .execute();
  await db
    .insertInto('sign_in_failures')
    .values(keys.map((key) => ({ key })))
    .execute();
}

export const clearFailures = (db: Db, key: string) =>
  db.deleteFrom('sign_in_failures').where('key', '=', key).execute();
