import { expect, it } from 'vitest';
import { describeInEveryZone } from '@/test/time-zones.ts';
import { describeSelection, eventBodies } from './add-event.ts';

describeInEveryZone('adding events over a range of days', () => {
  it('sends one event per selected day with the wall-clock date and time', () => {
    const form = {
      name: ' Intersession ',
      typeId: 3,
      start: '2025-03-10',
      end: '2025-03-08',
      time: '',
      description: 'No class',
    };
    expect(eventBodies(4, form)).toEqual([
      { cohort: 4, name: 'Intersession', type: 3, date: '2025-03-08', description: 'No class' },
      { cohort: 4, name: 'Intersession', type: 3, date: '2025-03-09', description: 'No class' },
      { cohort: 4, name: 'Intersession', type: 3, date: '2025-03-10', description: 'No class' },
    ]);
    expect(eventBodies(4, { ...form, end: '', time: '09:00' })).toEqual([
      {
        cohort: 4,
        name: 'Intersession',
        type: 3,
        date: '2025-03-10',
        time: '09:00',
        description: 'No class',
      },
    ]);
    expect(describeSelection('2025-03-10', '2025-03-08')).toBe(
      'Add an event for March 8, 2025 to March 10, 2025 (3 days)',
    );
    expect(describeSelection('2025-03-10', '')).toBe('Add an event for March 10, 2025');
  });
});
