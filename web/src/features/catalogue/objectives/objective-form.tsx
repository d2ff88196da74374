// The fields of a learning objective, and the form that adds one above the table.
import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { type CSSProperties, type FormEvent, useId, useState } from 'react';
import { errorText } from '@/lib/api-client.ts';
import { FieldNote } from '@/ui/form-field.tsx';
import { deleteObjective, useCreateObjective } from '../api/objectives.ts';
import { useCatalogueChange } from '../components/catalogue-undo.ts';
import { type Draft, readDraft, toDraft } from './objective-rules.ts';

export function DraftFields({
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
      {input('weight', names.weight, 'Weight', {
        type: 'number',
        min: 0,
        style: { width: '7rem' },
      })}
      {input('tier', names.tier, 'Tier', { type: 'number', min: 1, style: { width: '5rem' } })}
    </>
  );
}

export function AddObjective() {
  const [draft, setDraft] = useState(toDraft());
  const [problem, setProblem] = useState('');
  const create = useCreateObjective();
  const showChange = useCatalogueChange();

  function submit(event: FormEvent) {
    event.preventDefault();
    const read = readDraft(draft);
    if (!read.ok) return setProblem(read.problem);
    const { ok: _ok, ...body } = read;
    create.mutate(body, {
      onSuccess: (created) => {
        showChange({
          done: `${created.label} added.`,
          undo: () => deleteObjective(created.id),
          undone: `${created.label} removed again.`,
        });
        setDraft(toDraft());
      },
      onError: (error) => setProblem(errorText(error)),
    });
  }

  return (
    <form onSubmit={submit} aria-label="Add a learning objective" noValidate>
      <Flex gap="2" wrap="wrap" align="end">
        <DraftFields
          showLabels
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
