// The Assessment Evaluation dialog's save rules (spec §5): every objective ticked, then feedback.

export const feedbackRequiredMessage = 'Please provide feedback before saving.';
export const objectivesMessage = (name: string) =>
  `Please validate that ${name} has met all objectives before saving.`;

export type EvaluationProblem =
  | { field: 'objectives'; message: string }
  | { field: 'feedback'; message: string };

export function validateEvaluation(input: {
  learnerName: string;
  objectiveIds: readonly number[];
  checked: ReadonlySet<number>;
  feedback: string;
}): EvaluationProblem | null {
  if (!input.objectiveIds.every((id) => input.checked.has(id))) {
    return { field: 'objectives', message: objectivesMessage(input.learnerName) };
  }
  if (input.feedback.trim() === '') return { field: 'feedback', message: feedbackRequiredMessage };
  return null;
}
