import { describe, expect, it } from 'vitest';
import { eventColors } from './event-colors.ts';

describe('eventColors', () => {
  it("gives a known type the calendar's tokens, whatever colour the API sends", () => {
    expect(eventColors({ id: 4, color: '#DDA0DD' })).toEqual({
      background: 'var(--lp-event-4)',
      text: 'var(--lp-event-4-text)',
    });
  });

  it("keeps an unknown type's own colour, with text that reads on it", () => {
    expect(eventColors({ id: 9, color: '#1e3a8a' })).toEqual({
      background: '#1e3a8a',
      text: '#fff',
    });
    expect(eventColors({ id: 9, color: '#F0FFF0' })).toEqual({
      background: '#F0FFF0',
      text: '#000',
    });
  });
});
