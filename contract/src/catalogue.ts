import { type Static, Type } from 'typebox';
import { WebUrl, WebUrlOrEmpty } from './common.ts';

// Pieces shared by the catalogue resources (courses, books, projects, assessments, objectives).

/** A database id in a body or query. */
export const CatalogueId = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** `{id, name}` of a related course, book or assessment. */
export const CatalogueRef = Type.Object({ id: Type.Integer(), name: Type.String() });
export type CatalogueRef = Static<typeof CatalogueRef>;

/** An optional link: empty, or an http(s) address. */
export const OptionalUrl = WebUrlOrEmpty(256);

/** A required http(s) link. */
export const RequiredUrl = WebUrl(512);
