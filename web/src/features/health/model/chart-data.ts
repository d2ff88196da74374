// What the health page's charts draw and say, as plain data: the charts and their text
// alternatives read the same series.
import type { BookLoad, CohortProgress, ProgressBook } from '@lp/contract/health';

export const THIS_COHORT = 'This cohort';
export const EARLIER_COHORTS = 'Earlier cohorts (mean)';

export interface BookSeries {
  labels: string[];
  values: number[];
}

/** Learners per book today, in course then book order. */
export const bookSeries = (books: readonly BookLoad[]): BookSeries => ({
  labels: books.map((book) => book.name),
  values: books.map((book) => book.learners),
});

export interface ProgressSeries {
  labels: string[];
  cohort: Array<number | null>;
  earlier: Array<number | null>;
}

export const progressSeries = (progress: CohortProgress): ProgressSeries => ({
  labels: progress.weeks.map((week) => `Week ${week.week}`),
  cohort: progress.weeks.map((week) => week.average),
  earlier: progress.weeks.map((week) => week.earlier_average),
});

/** Whether there is anything to draw: a figure for the cohort or for earlier cohorts. */
export const hasProgress = (progress: CohortProgress) =>
  progress.weeks.some((week) => week.average !== null || week.earlier_average !== null);

/** The name of the book at a number on the y axis; nothing between two books. */
export function bookAt(books: readonly ProgressBook[], value: number): string {
  if (!Number.isInteger(value)) return '';
  return books.find((book) => book.position === value)?.name ?? '';
}

const figure = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2));

/** The progress chart in one sentence, for screen readers and as its caption. */
export function progressSummary(progress: CohortProgress): string {
  const reached = progress.weeks.filter((week) => week.average !== null);
  const last = reached.at(-1);
  const earlier =
    progress.earlier_cohorts === 0
      ? 'No earlier cohort of these courses to compare with.'
      : `Earlier cohorts (${progress.earlier_cohorts}) averaged ${
          last?.earlier_average == null ? 'no figure' : `book ${figure(last.earlier_average)}`
        } at the same week.`;
  if (!last || last.average === null) return `No week of this cohort has a figure yet. ${earlier}`;
  return `After week ${last.week} this cohort's learners are on book ${figure(last.average)} on average (${bookAt(progress.books, Math.round(last.average)) || 'no book'}). ${earlier}`;
}

export const bookLoadSummary = (books: readonly BookLoad[]): string => {
  const total = books.reduce((sum, book) => sum + book.learners, 0);
  const busiest = [...books].sort((a, b) => b.learners - a.learners)[0];
  if (!busiest || total === 0) return 'No learner is on a book today.';
  return `${total} ${total === 1 ? 'learner' : 'learners'} across ${books.length} books; most are on ${busiest.name} (${busiest.learners}).`;
};
