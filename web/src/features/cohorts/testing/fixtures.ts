// A cohort as the cohorts' component tests answer it (GET /cohorts, GET /cohorts/{id}).
import type { Cohort } from '@lp/contract/cohorts';

export const cohortOf = (id: number, fields: Partial<Cohort> = {}): Cohort => ({
  id,
  name: `Day Cohort ${id}`,
  slack_channel: `C0${id}`,
  start_date: '2025-01-06',
  end_date: '2025-07-03',
  active: true,
  capstone: false,
  time_zone: 'America/Chicago',
  students: 12,
  is_instructor: 0,
  coaches: [],
  courses: [],
  info: null,
  student_organization_url: 'https://github.com/day-cohort',
  github_classroom_url: null,
  attendance_sheet_url: null,
  ...fields,
});
