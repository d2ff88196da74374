import { describe, expect, it } from 'vitest';
import { readDraft, toDraft } from './objective-rules.ts';

describe('an objective draft', () => {
  it('sends the trimmed label, the weight and the tier as numbers', () => {
    expect(readDraft({ label: '  Uses fetch ', weight: '3', tier: '2' })).toEqual({
      ok: true,
      label: 'Uses fetch',
      weight: 3,
      tier: 2,
    });
  });

  it('names the first problem: label, then weight, then tier', () => {
    expect(readDraft({ label: ' ', weight: 'x', tier: '0' })).toEqual({
      ok: false,
      problem: 'Give the objective a label.',
    });
    for (const weight of ['', '-1', '1.5'])
      expect(readDraft({ label: 'A', weight, tier: '1' })).toEqual({
        ok: false,
        problem: 'The weight is a whole number of points from 0.',
      });
    expect(readDraft({ label: 'A', weight: '0', tier: '0' })).toEqual({
      ok: false,
      problem: 'The tier is a whole number from 1.',
    });
  });

  it('starts empty at tier 1, or from the objective being edited', () => {
    expect(toDraft()).toEqual({ label: '', weight: '', tier: '1' });
    expect(toDraft({ id: 1, label: 'Loops', weight: 5, tier: 2 })).toEqual({
      label: 'Loops',
      weight: '5',
      tier: '2',
    });
  });
});
