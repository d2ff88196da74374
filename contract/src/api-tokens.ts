import { type Static, Type } from 'typebox';
import { Nullable, Timestamp } from './common.ts';
import { API_TOKEN_MAX_DAYS } from './constants.ts';

/*
 * API tokens: a staff member's named keys for scripts, sent as `Authorization: Bearer <token>`.
 * Staff only, each person their own tokens; a request made with an API token may not call these
 * routes (nor sign out or open a live stream).
 *
 * GET /api-tokens → 200 ApiToken[] (the caller's, newest first, revoked ones included)
 * POST /api-tokens {name, scope, expires_in_days} → 201 CreatedApiToken: the secret is in this
 *   answer only; the server keeps its SHA-256
 * DELETE /api-tokens/{id} → 200 ApiToken (revoked at once in every server process); 404 unknown
 *   or another person's; 409 already revoked
 * GET /api-tokens/{id}/uses → 200 ApiTokenUse[] (the newest API_TOKEN_USES_SHOWN uses)
 *
 * Scope `read` allows GET only: any other method answers 403 naming the scope. An expired or
 * revoked token answers 401.
 */

export const ApiTokenScope = Type.Union([Type.Literal('read'), Type.Literal('write')], {
  description: 'read: GET requests only; write: every request the person may make',
});
export type ApiTokenScope = Static<typeof ApiTokenScope>;

export const ApiToken = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  scope: ApiTokenScope,
  created_at: Timestamp,
  expires_at: Timestamp,
  revoked_at: Nullable(Timestamp),
  last_used_at: Nullable(Timestamp),
  uses: Type.Integer(),
});
export type ApiToken = Static<typeof ApiToken>;
export const ApiTokenList = Type.Array(ApiToken);
export type ApiTokenList = Static<typeof ApiTokenList>;

export const CreatedApiToken = Type.Intersect([ApiToken, Type.Object({ token: Type.String() })]);
export type CreatedApiToken = Static<typeof CreatedApiToken>;

export const CreateApiTokenBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 80, pattern: '\\S' }),
  scope: ApiTokenScope,
  expires_in_days: Type.Integer({ minimum: 1, maximum: API_TOKEN_MAX_DAYS }),
});
export type CreateApiTokenBody = Static<typeof CreateApiTokenBody>;

export const ApiTokenUse = Type.Object({
  used_at: Timestamp,
  method: Type.String(),
  path: Type.String(),
  status: Type.Integer(),
});
export type ApiTokenUse = Static<typeof ApiTokenUse>;
export const ApiTokenUseList = Type.Array(ApiTokenUse);
export type ApiTokenUseList = Static<typeof ApiTokenUseList>;
