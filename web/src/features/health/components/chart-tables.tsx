// The charts' figures as tables, for anyone who does not read the canvas: a screen reader, the
// keyboard, or a reader who wants the numbers.
import type { BookLoad, CohortProgress } from '@lp/contract/health';
import { Table } from '@radix-ui/themes';
import { formatDay } from '@/lib/dates.ts';
import { bookAt, EARLIER_COHORTS, THIS_COHORT } from '../model/chart-data.ts';

const figure = (value: number | null) => (value === null ? '—' : value.toFixed(2));
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function BookLoadTable({ books }: { books: readonly BookLoad[] }) {
  return (
    <details className="lp-health__figures">
      <summary>Learners per book as a table</summary>
      <Table.Root size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Book</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Learners today</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {books.map((book) => (
            <Table.Row key={book.id}>
              <Table.RowHeaderCell>{book.name}</Table.RowHeaderCell>
              <Table.Cell>{book.learners}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </details>
  );
}

export function ProgressTable({ progress }: { progress: CohortProgress }) {
  return (
    <details className="lp-health__figures">
      <summary>Progress by week as a table</summary>
      <Table.Root size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Week</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Ends</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{THIS_COHORT}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>{EARLIER_COHORTS}</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {progress.weeks.map((week) => (
            <Table.Row key={week.week}>
              <Table.RowHeaderCell>{week.week}</Table.RowHeaderCell>
              <Table.Cell>{formatDay(week.date)}</Table.Cell>
              <Table.Cell>
                {figure(week.average)}
                {week.average !== null &&
                  ` (${bookAt(progress.books, Math.round(week.average))}, ${count(week.learners, 'learner', 'learners')})`}
              </Table.Cell>
              <Table.Cell>
                {figure(week.earlier_average)}
                {week.earlier_average !== null &&
                  ` (${count(week.earlier_cohorts, 'cohort', 'cohorts')})`}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </details>
  );
}
