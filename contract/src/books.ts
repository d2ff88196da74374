import { type Static, Type } from 'typebox';
import { CatalogueId, CatalogueRef } from './catalogue.ts';
import { DateOnly } from './common.ts';

export const Book = Type.Object({
  id: Type.Integer(),
  index: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  course: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    date_created: DateOnly,
    active: Type.Boolean(),
  }),
  has_assessment: Type.Boolean(),
  /** How many projects the book has, active and deprecated. */
  projects: Type.Integer(),
  assessments: Type.Array(CatalogueRef),
});
export type Book = Static<typeof Book>;
export const BookList = Type.Array(Book);

export const BOOK_ORDER_FIELDS = ['course', 'index', 'name', 'id'] as const;

export const BookListQuery = Type.Object({
  courseId: Type.Optional(CatalogueId),
  orderBy: Type.Optional(
    Type.Array(Type.String({ pattern: '^-?(course|index|name|id)$' }), {
      maxItems: 4,
      description: "Repeatable: course, index, name or id; '-' first for descending",
    }),
  ),
});
export type BookListQuery = Static<typeof BookListQuery>;

const BookName = Type.String({ minLength: 1, maxLength: 75 });
const Description = Type.String({ maxLength: 5000 });
const Position = Type.Integer({ minimum: 0, maximum: 1000 });

export const CreateBookBody = Type.Object({
  name: BookName,
  course: CatalogueId,
  description: Type.Optional(Description),
  index: Type.Optional(Position),
});
export type CreateBookBody = Static<typeof CreateBookBody>;

export const UpdateBookBody = Type.Object(
  {
    name: Type.Optional(BookName),
    course: Type.Optional(CatalogueId),
    description: Type.Optional(Description),
    index: Type.Optional(Position),
  },
  { minProperties: 1 },
);
export type UpdateBookBody = Static<typeof UpdateBookBody>;
