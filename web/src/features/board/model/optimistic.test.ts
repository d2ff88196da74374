import { ASSESSMENT_STATUS } from '@lp/contract/constants';
import { describe, expect, it } from 'vitest';
import { learner } from './fixtures.ts';
import { assessmentStarted, statusSet } from './optimistic.ts';

// What a card shows at once, before the server answers: the days on a card count from the
// self-assessment's start, so a status change keeps them (the server counts the same way).
describe('a card changed before the server answers', () => {
  it('keeps its days through a status change', () => {
    const card = { ...learner('Ada Lovelace', 101), project_duration: 6 };
    expect(statusSet(ASSESSMENT_STATUS.readyForReview)(card)).toMatchObject({
      assessment_status_id: ASSESSMENT_STATUS.readyForReview,
      project_duration: 6,
    });
  });

  it('counts from zero once a self-assessment starts', () => {
    const card = { ...learner('Ada Lovelace', 101), project_duration: 6 };
    expect(assessmentStarted(card)).toMatchObject({
      assessment_status_id: ASSESSMENT_STATUS.inProgress,
      project_duration: 0,
    });
  });
});
