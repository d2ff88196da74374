import { type Static, type TSchema, Type } from 'typebox';

/** Every error answer: a message that names the field or the rule. */
export const ErrorResponse = Type.Object({ message: Type.String() });
export type ErrorResponse = Static<typeof ErrorResponse>;

export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export type IdParams = Static<typeof IdParams>;

export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;

/** Lookup lists read as `results` by the clients. */
export const Paginated = <T extends TSchema>(item: T) =>
  Type.Object({
    count: Type.Integer(),
    next: Type.Union([Type.String(), Type.Null()]),
    previous: Type.Union([Type.String(), Type.Null()]),
    results: Type.Array(item),
  });
export interface PaginatedList<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A stored link: an http(s) address only, so no `javascript:` or `data:` URL ever reaches a page
 * as a link.
 */
export const WebUrl = (maxLength = 512) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern: '^https?://\\S+$',
    description: 'An http(s) URL',
  });

/** An optional link: empty, or an http(s) address. */
export const WebUrlOrEmpty = (maxLength = 512) =>
  Type.String({
    maxLength,
    pattern: '^$|^https?://\\S+$',
    description: 'Empty, or an http(s) URL',
  });

/** A calendar day, 'YYYY-MM-DD'. */
export const DateOnly = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** The empty answer of updates and deletes. */
export const NoContent = Type.Null({ description: 'No content' });
