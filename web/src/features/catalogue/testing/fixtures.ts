// The catalogue as its component tests answer it: a course, a book of it and a project of that
// book, each with the fields a test may change.
import { staffProfile } from '@/test/fixtures.ts';

export const staffSession = { profile: staffProfile, token: 'tok' };

export const course = { id: 3, name: 'JavaScript', date_created: '2026-01-01', active: true };

/** Book 11 of the course, 'Get Started', as GET /books/11 answers it. */
export const bookOf = (fields: Record<string, unknown> = {}) => ({
  id: 11,
  index: 0,
  name: 'Get Started',
  description: '',
  course,
  has_assessment: false,
  projects: 0,
  assessments: [],
  ...fields,
});

/** A project of book 11, as GET /projects/{id}?expand=book&expand=course answers it. */
export const projectOf = (fields: { id: number; name: string } & Record<string, unknown>) => ({
  index: fields.id,
  active: true,
  implementation_url: '',
  is_group_project: false,
  is_full_stack: false,
  client_template_url: '',
  api_template_url: '',
  book: { id: 11, name: 'Get Started' },
  course: { id: 3, name: 'JavaScript' },
  ...fields,
});
