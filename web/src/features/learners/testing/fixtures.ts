import type { CoreSkillRecord } from '@lp/contract/core-skills';
import type { StudentDetail } from '@lp/contract/learners';
import type { Note } from '@lp/contract/notes';

export const noteTypes = {
  count: 4,
  next: null,
  previous: null,
  results: [
    { id: 1, label: 'Assessment Review' },
    { id: 2, label: 'General Progress' },
    { id: 3, label: 'Mental Health' },
    { id: 4, label: 'Behavioral Issue' },
  ],
};

export const learner: StudentDetail = {
  id: 7,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  github_handle: 'ada-codes',
  avatar: null,
  slack_handle: null,
  project: { id: 3, name: 'Kennels' },
  score: 42,
  current_cohort: { id: 72, name: 'Day Cohort 72' },
  cohorts: [
    {
      cohort: { id: 72, name: 'Day Cohort 72' },
      joined_at: '2026-01-05T15:00:00.000Z',
      left_at: null,
    },
  ],
  core_skill_records: [],
  records: [],
  feedback: [],
  capstones: [],
};

export const notes: Note[] = [
  {
    id: 11,
    note: 'Feeling overwhelmed this week',
    author: 'Cam Coach',
    note_type: { id: 3, label: 'Mental Health' },
    // 9 pm on January 5 in Chicago.
    created_on: '2025-01-06T03:00:00.000Z',
  },
  {
    id: 10,
    note: 'Finished the project early',
    author: 'Cam Coach',
    note_type: { id: 2, label: 'General Progress' },
    created_on: '2024-12-20T15:00:00.000Z',
  },
];

export const skillRecords: CoreSkillRecord[] = [
  {
    id: 21,
    student: 7,
    skill: { id: 2, label: 'Algorithmic Thinking' },
    level: 3,
    updated_on: '2026-01-05T15:00:00.000Z',
  },
  {
    id: 22,
    student: 7,
    skill: { id: 1, label: 'Analytical Thinking' },
    level: 5,
    updated_on: '2026-01-05T15:00:00.000Z',
  },
];
