import { describe, expect, it } from 'vitest';
import { assessmentStatusChoices, cardStatus } from './card-status.ts';

describe('card status', () => {
  it('styles each assessment status', () => {
    expect([0, 1, 2, 3, 4].map((id) => [cardStatus(id).tone, cardStatus(id).label])).toEqual([
      ['none', ''],
      ['in-progress', 'In Progress'],
      ['ready', 'Ready for Review'],
      ['incomplete', 'Reviewed and Incomplete'],
      ['complete', 'Reviewed and Complete'],
    ]);
  });

  it('shows the assessment link for 2, 3 and 4', () => {
    expect([0, 1, 2, 3, 4].map((id) => cardStatus(id).showsAssessmentLink)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });

  it("shows the 'Book Assessment' menu once a self-assessment exists", () => {
    expect([0, 1, 2, 3, 4].map((id) => cardStatus(id).showsAssessmentMenu)).toEqual([
      false,
      true,
      true,
      true,
      true,
    ]);
  });

  it('treats an unknown status like none', () => {
    expect(cardStatus(7).tone).toBe('none');
  });

  it('offers the review statuses; Reviewed and Complete needs the evaluation dialog', () => {
    const statuses = [
      { id: 4, status: 'Reviewed and Complete' },
      { id: 1, status: 'In Progress' },
      { id: 2, status: 'Ready for Review' },
      { id: 3, status: 'Reviewed and Incomplete' },
    ];
    expect(assessmentStatusChoices(statuses)).toEqual([
      { id: 2, status: 'Ready for Review', needsEvaluation: false },
      { id: 3, status: 'Reviewed and Incomplete', needsEvaluation: false },
      { id: 4, status: 'Reviewed and Complete', needsEvaluation: true },
    ]);
  });
});
