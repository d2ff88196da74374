// The Add Event form: what it needs before it can save, and the requests it sends (one per day
// of the chosen range, as the API creates one event per day).
import type { CreateEventBody } from '@lp/contract/events';
import { eachDay, formatLongDay } from '@/lib/dates.ts';

export interface AddEventForm {
  name: string;
  typeId: number | null;
  /** 'YYYY-MM-DD' */
  start: string;
  /** 'YYYY-MM-DD'; empty or equal to start for a one-day event. */
  end: string;
  /** 'HH:MM'; empty for all day. */
  time: string;
  description: string;
}

/** The first problem with the form, in the words the user sees; null when it can be saved. */
/** The first field the form cannot be sent without, and what to do about it. */
export interface AddEventProblem {
  field: 'name' | 'type' | 'date' | 'end';
  message: string;
}

export function addEventProblem(form: AddEventForm): AddEventProblem | null {
  if (!form.name.trim()) return { field: 'name', message: 'Please enter an event name.' };
  if (form.typeId === null) return { field: 'type', message: 'Please choose an event type.' };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.start))
    return { field: 'date', message: 'Please choose a date.' };
  if (form.end && !/^\d{4}-\d{2}-\d{2}$/.test(form.end))
    return { field: 'end', message: 'Please choose a valid end date.' };
  return null;
}

export function selectedDays(form: Pick<AddEventForm, 'start' | 'end'>): string[] {
  if (!form.start) return [];
  return eachDay(form.start, form.end || form.start);
}

export function eventBodies(cohortId: number, form: AddEventForm): CreateEventBody[] {
  return selectedDays(form).map((date) => ({
    cohort: cohortId,
    name: form.name.trim(),
    type: form.typeId ?? 0,
    date,
    ...(form.time ? { time: form.time } : {}),
    description: form.description.trim(),
  }));
}

/** 'Add an event for January 6, 2025' or 'Add an event for … to … (n days)'. */
export function describeSelection(start: string, end: string): string {
  const days = eachDay(start, end || start);
  const first = days[0] ?? start;
  const last = days.at(-1) ?? start;
  if (days.length <= 1) return `Add an event for ${formatLongDay(first)}`;
  return `Add an event for ${formatLongDay(first)} to ${formatLongDay(last)} (${days.length} days)`;
}
