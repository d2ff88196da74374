import { type Static, Type } from 'typebox';
import { CatalogueId, CatalogueRef, OptionalUrl } from './catalogue.ts';

const IdOrRef = Type.Union([Type.Integer(), CatalogueRef]);

export const Project = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The book id, or `{id, name}` with `expand=book`. */
  book: IdOrRef,
  /** The course id, or `{id, name}` with `expand=course`. */
  course: IdOrRef,
  index: Type.Integer(),
  active: Type.Boolean(),
  is_group_project: Type.Boolean(),
  is_full_stack: Type.Boolean(),
  client_template_url: Type.String(),
  api_template_url: Type.String(),
  /** The reference implementation: sent to staff only. */
  implementation_url: Type.Optional(Type.String()),
});
export type Project = Static<typeof Project>;
export const ProjectList = Type.Array(Project);

const Expand = Type.Optional(
  Type.Array(Type.Union([Type.Literal('book'), Type.Literal('course')]), { maxItems: 2 }),
);

export const ProjectListQuery = Type.Object({
  courseId: Type.Optional(CatalogueId),
  bookId: Type.Optional(CatalogueId),
  group: Type.Optional(
    Type.Boolean({ description: 'true: only group projects of active courses' }),
  ),
  expand: Expand,
});
export type ProjectListQuery = Static<typeof ProjectListQuery>;

export const ProjectQuery = Type.Object({ expand: Expand });
export type ProjectQuery = Static<typeof ProjectQuery>;

const ProjectName = Type.String({ minLength: 1, maxLength: 55 });
const Position = Type.Integer({ minimum: 0, maximum: 1000 });

const projectFields = {
  implementation_url: Type.Optional(OptionalUrl),
  client_template_url: Type.Optional(OptionalUrl),
  api_template_url: Type.Optional(OptionalUrl),
  active: Type.Optional(Type.Boolean()),
  is_full_stack: Type.Optional(Type.Boolean()),
  is_group_project: Type.Optional(Type.Boolean()),
  /** Accepted for existing clients and ignored: a project's course is its book's. */
  course: Type.Optional(Type.Unknown()),
};

export const CreateProjectBody = Type.Object({
  name: ProjectName,
  book: CatalogueId,
  index: Position,
  ...projectFields,
});
export type CreateProjectBody = Static<typeof CreateProjectBody>;

/** Only the fields sent change. */
export const UpdateProjectBody = Type.Object(
  {
    name: Type.Optional(ProjectName),
    book: Type.Optional(CatalogueId),
    index: Type.Optional(Position),
    ...projectFields,
  },
  { minProperties: 1 },
);
export type UpdateProjectBody = Static<typeof UpdateProjectBody>;
