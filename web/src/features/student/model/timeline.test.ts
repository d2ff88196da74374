import { describe, expect, it } from 'vitest';
import { todayIn } from '@/lib/dates.ts';
import { cohortTimeline, displayDate, longDate } from './timeline.ts';

describe('cohort timeline', () => {
  it('counts whole calendar days since the start and until the end', () => {
    expect(cohortTimeline('2026-01-05', '2026-07-01', '2026-01-15')).toEqual({
      completed: 10,
      remaining: 167,
      graduated: false,
    });
  });

  it('says graduated when fewer than 1 day remains', () => {
    expect(cohortTimeline('2026-01-05', '2026-07-01', '2026-06-30').graduated).toBe(false);
    expect(cohortTimeline('2026-01-05', '2026-07-01', '2026-07-01').graduated).toBe(true);
    expect(cohortTimeline('2026-01-05', '2026-07-01', '2026-08-01')).toEqual({
      completed: 208,
      remaining: 0,
      graduated: true,
    });
  });

  it('shows 0 days completed before the cohort starts', () => {
    expect(cohortTimeline('2026-01-05', '2026-07-01', '2026-01-01').completed).toBe(0);
  });

  it('uses today in Chicago, whatever the browser zone', () => {
    // 2026-01-15 03:00 UTC is still 2026-01-14 in Chicago.
    const now = new Date(Date.UTC(2026, 0, 15, 3, 0));
    expect(
      cohortTimeline('2026-01-05', '2026-07-01', todayIn('America/Chicago', now)).completed,
    ).toBe(9);
  });

  it('formats the cohort days in en-US long format without shifting them', () => {
    expect(longDate('2025-01-06')).toBe('Monday, January 6, 2025');
    expect(displayDate('2025-01-06')).toBe('January 6, 2025');
    expect(displayDate('2026-03-02T04:00:00.000Z')).toBe('March 1, 2026');
  });
});
