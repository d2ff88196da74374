import { describe, expect, it } from 'vitest';
import { validateEvaluation } from './evaluation.ts';

const base = {
  learnerName: 'Ada Lovelace',
  objectiveIds: [1, 2, 3],
  feedback: 'Clear vocabulary.',
};

describe('evaluation validation', () => {
  it('asks for every objective first', () => {
    expect(validateEvaluation({ ...base, checked: new Set([1, 2]), feedback: '' })).toEqual({
      field: 'objectives',
      message: 'Please validate that Ada Lovelace has met all objectives before saving.',
    });
  });

  it('then asks for feedback', () => {
    expect(validateEvaluation({ ...base, checked: new Set([1, 2, 3]), feedback: '   ' })).toEqual({
      field: 'feedback',
      message: 'Please provide feedback before saving.',
    });
  });

  it('accepts every objective ticked and feedback given', () => {
    expect(validateEvaluation({ ...base, checked: new Set([3, 2, 1]) })).toBeNull();
  });

  it('ignores ticks of objectives that are not listed', () => {
    expect(validateEvaluation({ ...base, checked: new Set([1, 2, 9]) })?.field).toBe('objectives');
  });
});
