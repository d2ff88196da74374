import type { Objective } from '@lp/contract/objectives';
import { Button, Flex, Table, Text, TextField, VisuallyHidden } from '@radix-ui/themes';
import { type CSSProperties, type FormEvent, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorText } from '@/lib/api-client.ts';
import { useConfirm } from '@/ui/dialog/index.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { FieldNote } from '@/ui/form-field.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { QueryView } from '@/ui/query-view.tsx';
import { useToast } from '@/ui/toasts/index.ts';
import {
  useCreateObjective,
  useDeleteObjective,
  useObjectives,
  useUpdateObjective,
} from '../api/objectives.ts';
import { Breadcrumb } from '../components/catalogue-ui.tsx';

interface Draft {
  label: string;
  weight: string;
  tier: string;
}

const toDraft = (objective?: Objective): Draft => ({
  label: objective?.label ?? '',
  weight: String(objective?.weight ?? ''),
  tier: String(objective?.tier ?? 1),
});

/** Checks a draft; answers the values to send or the first problem. */
export function readDraft(
  draft: Draft,
): { ok: true; label: string; weight: number; tier: number } | { ok: false; problem: string } {
  const label = draft.label.trim();
  const weight = Number(draft.weight);
  const tier = Number(draft.tier);
  if (!label) return { ok: false, problem: 'Give the objective a label.' };
  if (draft.weight.trim() === '' || !Number.isInteger(weight) || weight < 0)
    return { ok: false, problem: 'The weight is a whole number of points from 0.' };
  if (!Number.isInteger(tier) || tier < 1)
    return { ok: false, problem: 'The tier is a whole number from 1.' };
  return { ok: true, label, weight, tier };
}

function DraftFields({
  draft,
  onChange,
  names,
  showLabels = false,
}: {
  draft: Draft;
  onChange: (draft: Draft) => void;
  names: { label: string; weight: string; tier: string };
  showLabels?: boolean;
}) {
  const id = useId();
  const input = (
    key: keyof Draft,
    name: string,
    shown: string,
    props: { type?: 'number'; min?: number; maxLength?: number; style: CSSProperties },
  ) => (
    <Flex direction="column" gap="1" style={props.style}>
      {showLabels && (
        <Text size="1" color="gray">
          <label htmlFor={`${id}-${key}`}>{shown}</label>
        </Text>
      )}
      <TextField.Root
        id={`${id}-${key}`}
        aria-label={name}
        type={props.type}
        min={props.min}
        maxLength={props.maxLength}
        value={draft[key]}
        onChange={(event) => onChange({ ...draft, [key]: event.target.value })}
      />
    </Flex>
  );
  return (
    <>
      {input('label', names.label, 'Label', {
        maxLength: 127,
        style: { minWidth: '16rem', flexGrow: 1 },
      })}
      {input('weight', names.weight, 'Weight (points)', {
        type: 'number',
        min: 0,
        style: { width: '7rem' },
      })}
      {input('tier', names.tier, 'Tier', { type: 'number', min: 1, style: { width: '5rem' } })}
    </>
  );
}

function AddObjective() {
  const [draft, setDraft] = useState(toDraft());
  const [problem, setProblem] = useState('');
  const create = useCreateObjective();
  const toast = useToast();

  function submit(event: FormEvent) {
    event.preventDefault();
    const read = readDraft(draft);
    if (!read.ok) return setProblem(read.problem);
    const { ok: _ok, ...body } = read;
    create.mutate(body, {
      onSuccess: (created) => {
        toast.show(`${created.label} added.`, { type: 'done', duration: 'short' });
        setDraft(toDraft());
      },
      onError: (error) => setProblem(errorText(error)),
    });
  }

  return (
    <form onSubmit={submit} aria-label="Add a learning objective" noValidate>
      <Flex gap="2" wrap="wrap" align="center">
        <DraftFields
          draft={draft}
          onChange={(next) => {
            setProblem('');
            setDraft(next);
          }}
          names={{
            label: 'New objective label',
            weight: 'New objective weight',
            tier: 'New objective tier',
          }}
        />
        <Button type="submit" loading={create.isPending}>
          Add Objective
        </Button>
      </Flex>
      {problem && <FieldNote error>{problem}</FieldNote>}
    </form>
  );
}

function ObjectiveRow({ objective }: { objective: Objective }) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState('');
  const update = useUpdateObjective();
  const remove = useDeleteObjective();
  const confirm = useConfirm();
  const toast = useToast();

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
          toast.show('Objective saved.', { type: 'done', duration: 'short' });
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
    remove.mutate(objective.id, {
      onSuccess: () => toast.show('Objective deleted.', { type: 'done', duration: 'short' }),
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

/** /objectives: staff add, rename and re-weight learning objectives. */
export default function ObjectivesPage() {
  const objectives = useObjectives();
  return (
    <PageLayout
      title={
        <Breadcrumb
          items={[{ label: 'Courses', to: '/courses' }, { label: 'Learning Objectives' }]}
        />
      }
    >
      <Text as="p" size="2" color="gray" mb="3">
        What a learner can do once a self-assessment is reviewed. The weight is the points it adds
        to a learner's score; tiers order the list.
      </Text>
      <AddObjective />
      <QueryView query={objectives} what="learning objectives">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No learning objectives yet" description="Add the first one above." />
          ) : (
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
                {list.map((objective) => (
                  <ObjectiveRow key={objective.id} objective={objective} />
                ))}
              </Table.Body>
            </Table.Root>
          )
        }
      </QueryView>
      <Text as="p" size="2" mt="4">
        <RouterLink to="/assessments">Self-assessments</RouterLink> list which objectives they
        cover.
      </Text>
    </PageLayout>
  );
}
