import { type Static, Type } from 'typebox';
import { Nullable } from './common.ts';
import { PASSWORD_LENGTH, USERNAME_PATTERN } from './constants.ts';

/** A new user name: letters, digits and _ . @ + - (password sign-in's accounts). */
export const Username = Type.String({ minLength: 1, maxLength: 150, pattern: USERNAME_PATTERN });
/** A new password, by the rules of password sign-in. */
export const NewPassword = Type.String({
  minLength: PASSWORD_LENGTH.min,
  maxLength: PASSWORD_LENGTH.max,
});

export const PasswordSignInBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 150 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
export type PasswordSignInBody = Static<typeof PasswordSignInBody>;
export const TokenResponse = Type.Object({ token: Type.String() });
export type TokenResponse = Static<typeof TokenResponse>;

export const GithubUrlQuery = Type.Object({
  cohort: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  v: Type.Optional(Type.String({ maxLength: 200 })),
});
export type GithubUrlQuery = Static<typeof GithubUrlQuery>;

export const GithubCallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 500 })),
  state: Type.Optional(Type.String({ maxLength: 200 })),
  error: Type.Optional(Type.String({ maxLength: 500 })),
});
export type GithubCallbackQuery = Static<typeof GithubCallbackQuery>;

export const GithubSignInBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 200 }),
});
export type GithubSignInBody = Static<typeof GithubSignInBody>;
export const KeyResponse = Type.Object({ key: Type.String() });
export type KeyResponse = Static<typeof KeyResponse>;

export const SignInOptions = Type.Object({
  password: Type.Boolean(),
  github: Type.Boolean(),
  /** The school's sign-in (contract/oidc.ts) when configured: its name for the button. */
  oidc: Nullable(
    Type.Object({
      name: Type.String(),
      /** Staff accounts sign in only this way (OIDC_REQUIRED_FOR_STAFF). */
      required_for_staff: Type.Boolean(),
    }),
  ),
});
export type SignInOptions = Static<typeof SignInOptions>;

export const CreateUserBody = Type.Object({
  username: Username,
  password: NewPassword,
  first_name: Type.String({ maxLength: 150 }),
  last_name: Type.String({ maxLength: 150 }),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  staff: Type.Optional(Type.Boolean()),
  cohort: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
});
export type CreateUserBody = Static<typeof CreateUserBody>;
export const CreatedUser = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  staff: Type.Boolean(),
});
export type CreatedUser = Static<typeof CreatedUser>;
