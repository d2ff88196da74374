import type { StaffProfile, StudentProfile } from '@lp/contract/profile';

export const staffProfile: StaffProfile = {
  id: 1,
  person: {
    first_name: 'Ada',
    last_name: 'Coach',
    github: { login: 'ada-coach', repos: 'https://api.github.com/users/ada-coach/repos' },
    active_cohort: 3,
  },
  staff: true,
  instructor: true,
  cohorts: [{ id: 7, name: 'Day Cohort 70' }],
};

export const studentProfile: StudentProfile = {
  id: 42,
  name: 'Sam Learner',
  first_name: 'Sam',
  last_name: 'Learner',
  project: { id: 0, name: 'Unassigned' },
  email: 'sam@example.com',
  github: 'sam-learner',
  avatar: null,
  staff: false,
  instructor: false,
  slack_handle: null,
  current_cohort: { id: 9, name: 'Evening Cohort 31' },
  cohorts: [{ id: 8, name: 'Day 0' }],
  repos: 'https://api.github.com/users/sam-learner/repos',
  assessment_overview: [],
  capstones: [],
  github_org_status: 'active',
};
