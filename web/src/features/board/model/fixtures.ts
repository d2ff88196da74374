// Test data for the board rules: a small course, a learner factory and a card's GitHub activity.
import type { CardActivity } from '@lp/contract/github';
import type { BoardCourse, BoardLearner } from './types.ts';

export const course: BoardCourse = {
  id: 1,
  name: 'JavaScript',
  books: [
    {
      id: 20,
      name: 'Book 2',
      index: 1,
      projects: [
        {
          id: 204,
          name: 'Brewed Awakenings Deluxe',
          index: 1,
          active: true,
          is_group_project: false,
        },
        { id: 203, name: 'Functionland', index: 0, active: true, is_group_project: false },
      ],
      assessments: [{ id: 2, name: 'Mortgage Qualifiers' }],
    },
    {
      id: 10,
      name: 'Book 1',
      index: 0,
      projects: [
        { id: 101, name: 'Foundations Review', index: 0, active: true, is_group_project: false },
        { id: 102, name: "Leonid's Toys", index: 1, active: true, is_group_project: false },
        { id: 103, name: 'Group: Cider Falls', index: 2, active: true, is_group_project: true },
        { id: 104, name: 'Retired Project', index: 3, active: false, is_group_project: false },
      ],
      assessments: [{ id: 1, name: 'Flowers' }],
    },
    {
      id: 30,
      name: 'Book 3',
      index: 2,
      projects: [
        { id: 301, name: "Martin's Aquarium", index: 0, active: true, is_group_project: false },
      ],
      assessments: [],
    },
  ],
};

const projects = new Map(
  course.books.flatMap((book) =>
    book.projects.map((project) => [project.id, { project, book }] as const),
  ),
);

let nextId = 1;

/** A learner on `projectId` (null: no project) with the given assessment status. */
export function learner(
  name: string,
  projectId: number | null,
  overrides: Partial<BoardLearner> = {},
): BoardLearner {
  const found = projectId === null ? undefined : projects.get(projectId);
  return {
    id: nextId++,
    name,
    github_handle: name.toLowerCase().replace(/\W+/g, ''),
    avatar: null,
    current_cohort: { id: 72, name: 'Day Cohort 72' },
    assessment_status_id: 0,
    assessment_url: null,
    activity: null,
    project_id: projectId,
    project_index: found?.project.index ?? null,
    project_name: found?.project.name ?? null,
    project_duration: projectId === null ? null : 3,
    book_id: found?.book.id ?? null,
    book_index: found?.book.index ?? null,
    book_name: found?.book.name ?? null,
    score: 0,
    tags: [],
    proposals: [],
    version: 'v1',
    ...overrides,
  };
}

/** A linked repository pushed to a day ago, with no pull request and no checks. */
export function cardActivity(overrides: Partial<CardActivity> = {}): CardActivity {
  return {
    repository: { full_name: 'org/toys', url: 'https://github.com/org/toys', deleted: false },
    last_push_at: '2026-03-01T15:00:00.000Z',
    days_since_push: 1,
    pull_request: null,
    checks: null,
    checks_since: null,
    ...overrides,
  };
}
