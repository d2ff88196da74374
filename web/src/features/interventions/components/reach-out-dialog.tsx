import { INTERVENTION_KIND_LABELS, INTERVENTION_NOTE_MAX } from '@lp/contract/constants';
import type { InterventionKind } from '@lp/contract/health';
import { Button, Flex, RadioGroup, Text, TextArea } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { showWithUndo } from '@/features/learners';
import { AppDialog } from '@/ui/dialog/index.ts';
import { FieldNote } from '@/ui/form-field.tsx';
import { invalidateHealth, reachOut } from '../api/interventions.ts';

const KINDS = Object.keys(INTERVENTION_KIND_LABELS) as InterventionKind[];

export interface ReachOutDialogProps {
  learner: { id: number; name: string } | null;
  onClose: () => void;
}

/**
 * "I reached out": what staff did about a learner who needs attention. Saved, the learner's flag
 * rests for a while (unless a new strong reason appears); the toast offers Undo.
 */
export function ReachOutDialog({ learner, onClose }: ReachOutDialogProps) {
  return (
    <AppDialog
      open={learner !== null}
      onOpenChange={(open) => !open && onClose()}
      title={learner ? `I reached out to ${learner.name}` : 'I reached out'}
      description="Record what you did. The learner's flag rests for a few days unless a new strong reason appears."
    >
      {learner && <ReachOutForm key={learner.id} learner={learner} onClose={onClose} />}
    </AppDialog>
  );
}

function ReachOutForm({
  learner,
  onClose,
}: {
  learner: { id: number; name: string };
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<InterventionKind>('message');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const kindLabel = useId();
  const noteId = useId();
  const noteHelp = `${noteId}-help`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setProblem(null);
    try {
      const { historyId } = await reachOut(learner.id, { kind, note: note.trim() });
      const label = INTERVENTION_KIND_LABELS[kind].toLowerCase();
      showWithUndo(
        queryClient,
        `Recorded: ${label} with ${learner.name}. Their flag rests.`,
        learner.id,
        historyId,
        () => invalidateHealth(queryClient),
      );
      await invalidateHealth(queryClient);
      onClose();
    } catch (error) {
      setProblem((error as Error).message);
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit}>
      <Flex direction="column" gap="3">
        <div>
          <Text as="div" size="2" weight="medium" mb="1" id={kindLabel}>
            What did you do?
          </Text>
          <RadioGroup.Root
            value={kind}
            onValueChange={(value) => setKind(value as InterventionKind)}
            aria-labelledby={kindLabel}
          >
            {KINDS.map((each) => (
              <RadioGroup.Item key={each} value={each}>
                {INTERVENTION_KIND_LABELS[each]}
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
        </div>
        <div>
          <Text as="label" size="2" weight="medium" htmlFor={noteId}>
            Note
          </Text>
          <TextArea
            id={noteId}
            value={note}
            maxLength={INTERVENTION_NOTE_MAX}
            onChange={(event) => setNote(event.target.value)}
            placeholder="What was said or agreed"
            aria-describedby={noteHelp}
          />
          <FieldNote id={noteHelp}>
            Optional, up to {INTERVENTION_NOTE_MAX} characters; shown in the learner's history.
          </FieldNote>
        </div>
        {problem && (
          <Text role="alert" size="2" color="red">
            {problem}
          </Text>
        )}
        <Flex gap="3" justify="end">
          <Button type="button" variant="soft" color="gray" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
