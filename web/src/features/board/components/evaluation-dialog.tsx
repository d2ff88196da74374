// 'Assessment Evaluation' (spec §2, client.md §8.6): tick every objective of the learner's
// self-assessment and write feedback; saving sets 'Reviewed and Complete' (status 4).
import { VALIDATION_MESSAGE_MS } from '@lp/contract/constants';
import { Badge, Button, Callout, Checkbox, Flex, Text, TextArea } from '@radix-ui/themes';
import { useEffect, useId, useState } from 'react';
import { AppDialog } from '@/ui/dialog/index.ts';
import { Loading } from '@/ui/loading.tsx';
import { useStudentAssessments } from '../api/get-student-assessments.ts';
import { type EvaluationProblem, validateEvaluation } from '../model/evaluation.ts';
import type { BoardCourse, BoardLearner } from '../model/types.ts';
import { EvaluationActivity } from './evaluation-activity.tsx';

interface EvaluationDialogProps {
  /** The learner being evaluated; null keeps the dialog closed. */
  learner: BoardLearner | null;
  course: BoardCourse;
  onClose: () => void;
  /** Sends the evaluation; resolves when saved (the dialog then closes), rejects to stay open. */
  onSave: (learner: BoardLearner, feedback: string) => Promise<unknown>;
}

export function EvaluationDialog({ learner, course, onClose, onSave }: EvaluationDialogProps) {
  return (
    <AppDialog
      open={learner !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Assessment Evaluation"
      description="Verify that the student has demonstrated understanding of the following concepts. Then provide feedback on their vocabulary."
      maxWidth="600px"
    >
      {/* Keyed by learner: ticks and feedback never carry over to the next learner. */}
      {learner && (
        <EvaluationForm
          key={learner.id}
          learner={learner}
          course={course}
          onClose={onClose}
          onSave={onSave}
        />
      )}
    </AppDialog>
  );
}

function EvaluationForm({
  learner,
  course,
  onClose,
  onSave,
}: EvaluationDialogProps & { learner: BoardLearner }) {
  const assessments = useStudentAssessments(learner.id);
  const bookAssessmentIds =
    course.books.find((book) => book.id === learner.book_id)?.assessments.map((a) => a.id) ?? [];
  const current =
    assessments.data?.find((entry) => bookAssessmentIds.includes(entry.assessment.id)) ??
    assessments.data?.[0];
  const objectives = current?.assessment.objectives ?? [];

  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [feedback, setFeedback] = useState('');
  const [problem, setProblem] = useState<EvaluationProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const feedbackId = useId();

  useEffect(() => {
    if (problem?.field !== 'objectives') return;
    const timer = setTimeout(() => setProblem(null), VALIDATION_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [problem]);

  const toggle = (id: number, on: boolean) =>
    setChecked((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const save = async () => {
    const found = validateEvaluation({
      learnerName: learner.name,
      objectiveIds: objectives.map((objective) => objective.id),
      checked,
      feedback,
    });
    setProblem(found);
    if (found) return;
    setSaving(true);
    try {
      await onSave(learner, feedback.trim());
      onClose();
    } catch {
      // The board has already said what went wrong; keep what was typed.
    } finally {
      setSaving(false);
    }
  };

  if (assessments.isPending) return <Loading label="Loading the objectives…" />;
  return (
    <Flex direction="column" gap="3">
      <Text size="2">
        <Text weight="bold">{learner.name}</Text>
        {current ? ` · ${current.assessment.name}` : ''}
      </Text>
      <EvaluationActivity learner={learner} startedAt={current?.started_at ?? null} />
      {assessments.isError && (
        <Callout.Root color="red" role="alert" size="1">
          <Callout.Text>Could not load the objectives: {assessments.error.message}</Callout.Text>
        </Callout.Root>
      )}
      {!assessments.isError && objectives.length === 0 && (
        <Text size="2" color="gray">
          This self-assessment has no objectives to validate.
        </Text>
      )}
      {objectives.length > 0 && (
        <Flex gap="2" wrap="wrap" role="group" aria-label="Objectives">
          {objectives.map((objective) => (
            <Text as="label" size="2" key={objective.id} className="lp-objective">
              <Flex gap="2" align="center">
                <Checkbox
                  checked={checked.has(objective.id)}
                  onCheckedChange={(value) => toggle(objective.id, value === true)}
                />
                {objective.label}
              </Flex>
            </Text>
          ))}
        </Flex>
      )}
      <Flex direction="column" gap="1">
        <Text as="label" htmlFor={feedbackId} size="2" weight="bold">
          Feedback
        </Text>
        <TextArea
          id={feedbackId}
          rows={4}
          value={feedback}
          onChange={(event) => {
            setFeedback(event.target.value);
            if (problem?.field === 'feedback') setProblem(null);
          }}
        />
      </Flex>
      <div aria-live="polite">
        {problem && (
          <Badge color="red" size="2" role="alert">
            {problem.message}
          </Badge>
        )}
      </div>
      <Flex gap="3" justify="end">
        <Button variant="soft" color="gray" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save} loading={saving}>
          Save
        </Button>
      </Flex>
    </Flex>
  );
}
