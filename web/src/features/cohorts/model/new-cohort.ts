// The new-cohort form's rules (spec §5): every field, both courses, a URL and real dates.
import type { CreateCohortBody } from '@lp/contract/cohorts';
import { isWebUrlOrEmpty } from '@/lib/urls.ts';

export const DEFAULT_SLACK_CHANNEL = 'C06GHMZB3M3';

export interface NewCohortForm {
  name: string;
  orgURL: string;
  slackChannel: string;
  startDate: string;
  endDate: string;
  clientSide: number | null;
  serverSide: number | null;
}

export const emptyNewCohort = (): NewCohortForm => ({
  name: '',
  orgURL: '',
  slackChannel: DEFAULT_SLACK_CHANNEL,
  startDate: '',
  endDate: '',
  clientSide: null,
  serverSide: null,
});

/** The text fields the form cannot be sent without. */
export type NewCohortTextField = 'name' | 'orgURL' | 'slackChannel' | 'startDate' | 'endDate';

/** The text fields left empty, in the form's order: each is marked, the first focused. */
export const missingNewCohortFields = (form: NewCohortForm): NewCohortTextField[] =>
  (['name', 'orgURL', 'slackChannel', 'startDate', 'endDate'] as const).filter(
    (field) => !form[field].trim(),
  );

/** The alert the form shows, or null when it can be sent. */
export function newCohortProblem(form: NewCohortForm): string | null {
  const fields = [form.name, form.orgURL, form.slackChannel, form.startDate, form.endDate];
  if (fields.some((value) => !value.trim())) return 'Please fill out all fields.';
  if (form.clientSide === null || form.serverSide === null)
    return 'Please select a course for both client and server side.';
  if (!isWebUrlOrEmpty(form.orgURL)) return 'The Github Org URL must be a web address (https://…).';
  if (form.endDate < form.startDate) return 'The end date must not be before the start date.';
  if (form.clientSide === form.serverSide)
    return 'Please select different courses for client and server side.';
  return null;
}

export function newCohortBody(form: NewCohortForm): CreateCohortBody {
  return {
    name: form.name.trim(),
    startDate: form.startDate,
    endDate: form.endDate,
    orgURL: form.orgURL.trim(),
    slackChannel: form.slackChannel.trim(),
    active: true,
    clientSide: form.clientSide ?? 0,
    serverSide: form.serverSide ?? 0,
  };
}
