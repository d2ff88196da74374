import { type Static, Type } from 'typebox';
import { NewPassword, Username } from './auth.ts';
import { Timestamp } from './common.ts';

// Ways in without GitHub: staff add a learner, who sets their password through a one-time link;
// a cohort's invitation link lets a newcomer choose a user name and password (server
// features/accounts). Secrets travel in bodies or in `token`/`v` query values, never in paths,
// so that request logs redact them.

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Name = (minLength: number) => Type.String({ minLength, maxLength: 150 });
const Secret = Type.String({ minLength: 1, maxLength: 200 });
const CohortRef = Type.Object({ id: Type.Integer(), name: Type.String() });

/** Staff's Add learner form: the learner's name, the user name they sign in with, the cohort. */
export const AddLearnerBody = Type.Object({
  first_name: Name(1),
  last_name: Name(0),
  username: Username,
  cohort: Id,
});
export type AddLearnerBody = Static<typeof AddLearnerBody>;

/**
 * A one-time link on which a learner sets their password: absolute, on the web client's address.
 * Shown once (the server keeps only its hash); it works until `expires_at`, once.
 */
export const PasswordLink = Type.Object({
  password_link: Type.String(),
  expires_at: Timestamp,
});
export type PasswordLink = Static<typeof PasswordLink>;

export const AddedLearner = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  cohort: CohortRef,
  /** What was done, in words, for the toast. */
  message: Type.String(),
  ...PasswordLink.properties,
});
export type AddedLearner = Static<typeof AddedLearner>;

export const PasswordLinkQuery = Type.Object({ token: Secret });
export type PasswordLinkQuery = Static<typeof PasswordLinkQuery>;

/** Whom a set-password link is for, so the page can greet them and name their user name. */
export const PasswordLinkInfo = Type.Object({
  username: Type.String(),
  name: Type.String(),
  expires_at: Timestamp,
});
export type PasswordLinkInfo = Static<typeof PasswordLinkInfo>;

export const SetPasswordBody = Type.Object({ token: Secret, password: NewPassword });
export type SetPasswordBody = Static<typeof SetPasswordBody>;

/** An invitation link's values: the cohort and its invitation secret (`v`). */
export const InvitationQuery = Type.Object({ cohort: Id, v: Secret });
export type InvitationQuery = Static<typeof InvitationQuery>;

/** A valid invitation: the cohort it joins, and which ways in this server offers. */
export const InvitationInfo = Type.Object({
  cohort: CohortRef,
  github: Type.Boolean(),
  password: Type.Boolean(),
});
export type InvitationInfo = Static<typeof InvitationInfo>;

/** A newcomer's account through an invitation link, on a server with password sign-in. */
export const InvitationAccountBody = Type.Object({
  cohort: Id,
  v: Secret,
  first_name: Name(1),
  last_name: Name(0),
  username: Username,
  password: NewPassword,
});
export type InvitationAccountBody = Static<typeof InvitationAccountBody>;

/** A signed-in learner joining the cohort of an invitation link. */
export const JoinBody = Type.Object({ cohort: Id, v: Secret });
export type JoinBody = Static<typeof JoinBody>;

export const JoinResult = Type.Object({ message: Type.String(), cohort: CohortRef });
export type JoinResult = Static<typeof JoinResult>;
