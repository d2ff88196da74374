import { type Static, type TSchema, Type } from 'typebox';
import { WEB_URL_PATTERN } from './constants.ts';

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
    pattern: WEB_URL_PATTERN,
    description: 'An http(s) URL',
  });

/** An optional link: empty, or an http(s) address. */
export const WebUrlOrEmpty = (maxLength = 512) =>
  Type.String({
    maxLength,
    pattern: `^$|${WEB_URL_PATTERN}`,
    description: 'Empty, or an http(s) URL',
  });

/** A calendar day, 'YYYY-MM-DD'; a day that does not exist (2025-02-30) is refused. */
export const DateOnly = Type.String({ format: 'date' });

/**
 * A wall-clock time of day, 'HH:MM' or 'HH:MM:SS', in the zone its resource names. Not the
 * standard 'time' format, which requires seconds and an offset; the server registers this one.
 */
export const WallTime = Type.String({ format: 'wall-time' });

/** An IANA time-zone name the server knows, such as 'America/Chicago'. */
export const TimeZone = Type.String({ format: 'time-zone', maxLength: 64 });

/** An instant, as every answer writes it: ISO 8601 in UTC with milliseconds. */
export const Timestamp = Type.String({ format: 'date-time' });

/**
 * The empty answer of updates and deletes (204). Typed as no value, so a handler sends nothing;
 * documented as null.
 */
export const NoContent = Type.Unsafe<void>(Type.Null({ description: 'No content' }));
