/**
 * Who may call a route, declared on every route as `config.access`:
 * - 'anyone': anonymous callers too (a valid token is still identified);
 * - 'signed-in': any signed-in person; object rules live in the feature's policy;
 * - 'staff': staff members only.
 * The access hook in principal.ts checks it once, before validation; the handler of a 'signed-in'
 * or 'staff' route reads its caller with callerOf(request). Services keep only object rules.
 */
export type Access = 'anyone' | 'signed-in' | 'staff';

/** The kinds of caller every route states its answer for, beside its access rule. */
export const CALLERS = ['anonymous', 'learner', 'otherLearner', 'staff', 'coach'] as const;
export type Caller = (typeof CALLERS)[number];

export type ExpectedStatus = 200 | 201 | 204 | 302 | 400 | 401 | 403 | 404 | 409 | 503;

/**
 * The answer each caller gets to a valid request about a cohort and one of its learners (where
 * the route takes one, the request is about that learner's object):
 * - learner: that learner, the owner of the object;
 * - otherLearner: a learner of another cohort;
 * - staff: a staff member who does not coach the cohort;
 * - coach: a staff member who coaches it.
 * test/authorization-matrix.test.ts sends every route's request as each of them.
 */
export type Expectation = Readonly<Record<Caller, ExpectedStatus>>;

/** The access is kept as its literal type, so a handler of a signed-in route gets a non-null caller. */
export interface RouteRule<A extends Access = Access> {
  access: A;
  expect: Expectation;
}

/** The same answer for every kind of caller. */
export const everyone = (status: ExpectedStatus): Expectation => ({
  anonymous: status,
  learner: status,
  otherLearner: status,
  staff: status,
  coach: status,
});

/** Open to everyone, signed in or not. */
export const anyone = (ok: ExpectedStatus): RouteRule<'anyone'> => ({
  access: 'anyone',
  expect: everyone(ok),
});

/** The same answer for everyone signed in. */
export const signedIn = (ok: ExpectedStatus): RouteRule<'signed-in'> => ({
  access: 'signed-in',
  expect: { ...everyone(ok), anonymous: 401 },
});

/** A learner's own object (their record, or their cohort's): that learner and staff. */
export const ownerOrStaff = (ok: ExpectedStatus): RouteRule<'signed-in'> => ({
  access: 'signed-in',
  expect: { ...everyone(ok), anonymous: 401, otherLearner: 403 },
});

/** Staff work; learners get 403, even about themselves. */
export const staffOnly = (ok: ExpectedStatus): RouteRule<'staff'> => ({
  access: 'staff',
  expect: { anonymous: 401, learner: 403, otherLearner: 403, staff: ok, coach: ok },
});

/** Only a coach of the cohort; other staff get 403 too. */
export const cohortCoachOnly = (ok: ExpectedStatus): RouteRule<'signed-in'> => ({
  access: 'signed-in',
  expect: { anonymous: 401, learner: 403, otherLearner: 403, staff: 403, coach: ok },
});

/** Whether a route's config states an answer for every kind of caller. */
export function declaresEveryCaller(expect: Partial<Expectation> | undefined): boolean {
  return CALLERS.every((caller) => typeof expect?.[caller] === 'number');
}
