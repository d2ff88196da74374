import type { FoundationsExercise } from '@lp/contract/foundations';
import { Table } from '@radix-ui/themes';
import { attemptDay, formatDuration } from '../model/foundations-model.ts';

/** One learner's exercises: complete rows green, incomplete ones orange. */
export function ExerciseDetails({ exercises }: { exercises: FoundationsExercise[] }) {
  return (
    <Table.Root size="1" variant="surface" className="lp-foundations__details">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Title</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Attempts</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>First Attempt</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Last Attempt</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Duration</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Solution Used</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {exercises.map((exercise) => (
          <Table.Row
            key={exercise.id}
            className={
              exercise.complete ? 'lp-foundations__complete' : 'lp-foundations__incomplete'
            }
          >
            <Table.Cell>{exercise.title}</Table.Cell>
            <Table.Cell>{exercise.attempts}</Table.Cell>
            <Table.Cell>{attemptDay(exercise.first_attempt)}</Table.Cell>
            <Table.Cell>{attemptDay(exercise.last_attempt)}</Table.Cell>
            <Table.Cell>{formatDuration(exercise.first_attempt, exercise.last_attempt)}</Table.Cell>
            <Table.Cell>{exercise.used_solution ? 'Yes' : 'No'}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
