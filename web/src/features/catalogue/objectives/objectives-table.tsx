// The table of learning objectives; a row turns into its edit form in place.
import type { Objective } from '@lp/contract/objectives';
import { Button, Flex, Table, VisuallyHidden } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { errorText } from '@/lib/api-client.ts';
import { useConfirm } from '@/ui/dialog/index.ts';
import { FieldNote } from '@/ui/form-field.tsx';
import { useToast } from '@/ui/toasts/index.ts';
import {
  restoreObjective,
  updateObjective,
  useDeleteObjective,
  useUpdateObjective,
} from '../api/objectives.ts';
import { useCatalogueChange } from '../components/catalogue-undo.ts';
import { DraftFields } from './objective-form.tsx';
import { type Draft, readDraft, toDraft } from './objective-rules.ts';

function ObjectiveRow({ objective }: { objective: Objective }) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState('');
  const update = useUpdateObjective();
  const remove = useDeleteObjective();
  const confirm = useConfirm();
  const toast = useToast();
  const showChange = useCatalogueChange();

  function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    const read = readDraft(draft);
    if (!read.ok) return setProblem(read.problem);
    const { ok: _ok, ...body } = read;
    update.mutate(
      { id: objective.id, ...body },
      {
        onSuccess: () => {
          const { id, label, weight, tier } = objective;
          showChange({
            done: 'Objective saved.',
            undo: () => updateObjective({ id, label, weight, tier }),
            undone: `${label}: changes undone.`,
          });
          setDraft(null);
        },
        onError: (error) => setProblem(errorText(error)),
      },
    );
  }

  async function onDelete() {
    const ok = await confirm({
      title: `Delete "${objective.label}"?`,
      description:
        'It is removed from every self-assessment that lists it. An objective learners have ' +
        'records of cannot be deleted.',
      confirmLabel: 'Delete Objective',
    });
    if (!ok) return;
    const { id, label } = objective;
    remove.mutate(id, {
      onSuccess: () =>
        showChange({
          done: `${label} deleted.`,
          undo: () => restoreObjective(id),
          undone: `${label} is back, in the self-assessments that listed it.`,
        }),
      onError: (error) =>
        toast.show(errorText(error), { type: 'error', title: 'The objective was not deleted' }),
    });
  }

  if (draft) {
    return (
      <Table.Row>
        <Table.Cell colSpan={4}>
          <form onSubmit={save} aria-label={`Edit ${objective.label}`} noValidate>
            <Flex gap="2" wrap="wrap" align="center">
              <DraftFields
                draft={draft}
                onChange={(next) => {
                  setProblem('');
                  setDraft(next);
                }}
                names={{ label: 'Label', weight: 'Weight', tier: 'Tier' }}
              />
              <Button type="submit" loading={update.isPending}>
                Save
              </Button>
              <Button type="button" variant="soft" color="gray" onClick={() => setDraft(null)}>
                Cancel
              </Button>
            </Flex>
            {problem && <FieldNote error>{problem}</FieldNote>}
          </form>
        </Table.Cell>
      </Table.Row>
    );
  }
  return (
    <Table.Row>
      <Table.RowHeaderCell>{objective.label}</Table.RowHeaderCell>
      <Table.Cell>{objective.weight}</Table.Cell>
      <Table.Cell>{objective.tier}</Table.Cell>
      <Table.Cell>
        <Flex gap="2" justify="end">
          <Button
            size="1"
            variant="soft"
            color="amber"
            aria-label={`Edit ${objective.label}`}
            onClick={() => setDraft(toDraft(objective))}
          >
            Edit
          </Button>
          <Button
            size="1"
            variant="soft"
            color="red"
            aria-label={`Delete ${objective.label}`}
            loading={remove.isPending}
            onClick={onDelete}
          >
            Delete
          </Button>
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}

/** The objectives, one row each, with Edit (in place) and Delete. */
export function ObjectivesTable({ objectives }: { objectives: readonly Objective[] }) {
  return (
    <Table.Root mt="4" variant="surface">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Label</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Weight</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Tier</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {objectives.map((objective) => (
          <ObjectiveRow key={objective.id} objective={objective} />
        ))}
      </Table.Body>
    </Table.Root>
  );
}
