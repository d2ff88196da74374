import { describe, expect, it } from 'vitest';
import { digestText, latestSlot, nextSlot, slackEscape } from './digest.model.ts';

describe('weekly send time', () => {
  // America/Chicago is UTC−6 in winter and UTC−5 in summer.
  it('is the set day and hour in Chicago: Monday 8:00 is 14:00 UTC in winter', () => {
    const monday = latestSlot(new Date('2026-11-30T14:00:00Z'), 'monday', 8);
    expect(monday).toEqual({ week: '2026-11-30', at: new Date('2026-11-30T14:00:00Z') });
  });

  it("stays last week's until the hour has come", () => {
    expect(latestSlot(new Date('2026-11-30T13:59:59Z'), 'monday', 8).week).toBe('2026-11-23');
    expect(latestSlot(new Date('2026-11-29T23:00:00Z'), 'monday', 8).week).toBe('2026-11-23');
    expect(nextSlot(new Date('2026-11-30T13:59:59Z'), 'monday', 8).week).toBe('2026-11-30');
  });

  it('follows the clock change: 8:00 in summer is 13:00 UTC', () => {
    expect(nextSlot(new Date('2027-03-10T12:00:00Z'), 'monday', 8)).toEqual({
      week: '2027-03-15',
      at: new Date('2027-03-15T13:00:00Z'),
    });
  });

  it('reads the day in Chicago, not in UTC', () => {
    // Monday 23:30 in Chicago is already Tuesday in UTC.
    expect(latestSlot(new Date('2026-12-01T05:30:00Z'), 'tuesday', 0).week).toBe('2026-11-24');
    expect(latestSlot(new Date('2026-12-01T06:00:00Z'), 'tuesday', 0).week).toBe('2026-12-01');
  });
});

describe('digest message', () => {
  const figures = {
    cohortName: 'Day Cohort <62>',
    atRisk: [
      {
        student_id: 1,
        name: 'Ana & <b>Lee</b>',
        level: 'act_now' as const,
        evidence: 4,
        reasons: [
          '12 days on Mortgage Qualifiers; 90% of past learners finished it in 6',
          'Nothing pushed to GitHub for 6 days',
        ],
      },
      {
        student_id: 4,
        name: 'Cy Dee',
        level: 'watch' as const,
        evidence: 2,
        reasons: ['No project move, self-assessment change or push for 8 days'],
      },
    ],
    overdueReviews: [
      {
        student_id: 2,
        name: 'Bo Chen',
        assessment: 'Numbers',
        assessment_id: 3,
        since: '2026-11-20T10:00:00.000Z',
        waiting_days: 5,
      },
    ],
    reviewWaitDays: 3,
    healthUrl: 'https://lp.example/cohorts/7/health',
  };

  it("escapes Slack's control characters in names, so text cannot become a link or mention", () => {
    expect(slackEscape('<!channel> & <@U1>')).toBe('&lt;!channel&gt; &amp; &lt;@U1&gt;');
    const text = digestText(figures);
    expect(text).toContain('*Weekly digest: Day Cohort &lt;62&gt;*');
    expect(text).toContain('Ana &amp; &lt;b&gt;Lee&lt;/b&gt;');
    expect(text).not.toContain('<b>');
  });

  it('lists each learner to act on with their reasons, those to watch, the overdue reviews and a link to the page', () => {
    expect(digestText(figures)).toBe(
      [
        '*Weekly digest: Day Cohort &lt;62&gt;*',
        '',
        '*Act now (1)*',
        '• *Ana &amp; &lt;b&gt;Lee&lt;/b&gt;*',
        '      ◦ 12 days on Mortgage Qualifiers; 90% of past learners finished it in 6',
        '      ◦ Nothing pushed to GitHub for 6 days',
        'To watch: Cy Dee',
        '',
        '*Reviews waiting 3 days or more (1)*',
        '• *Bo Chen*: Numbers, waiting 5 days',
        '',
        "<https://lp.example/cohorts/7/health|Open the cohort's health page>",
      ].join('\n'),
    );
  });

  it('says so when nobody needs attention and nothing waits', () => {
    const text = digestText({ ...figures, atRisk: [], overdueReviews: [] });
    expect(text).toContain('Nobody needs acting on this week.');
    expect(text).not.toContain('To watch');
    expect(text).toContain('No self-assessment has waited that long.');
  });

  it('stays within what Slack accepts for a very large cohort', () => {
    const atRisk = Array.from({ length: 400 }, (_, i) => ({
      student_id: i,
      name: `Learner ${i}`,
      level: 'act_now' as const,
      evidence: 4,
      reasons: ['x'.repeat(200)],
    }));
    const text = digestText({ ...figures, atRisk });
    expect(text.length).toBeLessThan(40_000);
    expect(text).toContain('…and more on the health page.');
    expect(text.endsWith("|Open the cohort's health page>")).toBe(true);
  });
});
