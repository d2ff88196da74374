import { TZDate } from '@date-fns/tz';
import type { DigestDay } from '@lp/contract/digest';
import type { AtRiskLearner, ReviewQueueEntry } from '@lp/contract/health';
import { addCalendarDays, DISPLAY_TIME_ZONE, todayIn, wallClockIn } from '../../lib/dates.ts';

// The digest's pure rules: when a week's send is due, and the message in Slack's mrkdwn.

/** Date.getDay() of each setting: Sunday is 0. */
const WEEKDAY: Record<DigestDay, number> = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
};

export interface Slot {
  /** The day it is due, 'YYYY-MM-DD' in the display zone: names the week of a scheduled send. */
  week: string;
  at: Date;
}

const slotOn = (week: string, hour: number): Slot => ({
  week,
  at: new Date(wallClockIn(DISPLAY_TIME_ZONE, week, `${hour}:00`).getTime()),
});

/** The latest weekly send time at or before `now`: the week whose digest is due. */
export function latestSlot(now: Date, day: DigestDay, hour: number): Slot {
  const weekday = new TZDate(now, DISPLAY_TIME_ZONE).getDay();
  const back = (weekday - WEEKDAY[day] + 7) % 7;
  const slot = slotOn(addCalendarDays(todayIn(DISPLAY_TIME_ZONE, now), -back), hour);
  return slot.at.getTime() <= now.getTime() ? slot : slotOn(addCalendarDays(slot.week, -7), hour);
}

/** The first weekly send time after `now`. */
export function nextSlot(now: Date, day: DigestDay, hour: number): Slot {
  return slotOn(addCalendarDays(latestSlot(now, day, hour).week, 7), hour);
}

/** Text as Slack reads it: its three control characters escaped, so names cannot make links. */
export const slackEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Slack refuses longer text; a very large cohort's digest ends with a pointer to the page. */
const MAX_TEXT = 39_000;

export interface DigestFigures {
  cohortName: string;
  atRisk: AtRiskLearner[];
  overdueReviews: ReviewQueueEntry[];
  reviewWaitDays: number;
  /** The cohort's health page in the web client. */
  healthUrl: string;
}

/** The digest as one Slack message. */
export function digestText(figures: DigestFigures): string {
  const { atRisk, overdueReviews, reviewWaitDays } = figures;
  const lines = [`*Weekly digest: ${slackEscape(figures.cohortName)}*`, ''];
  const actNow = atRisk.filter((learner) => learner.level === 'act_now');
  const watch = atRisk.filter((learner) => learner.level === 'watch');
  lines.push(`*Act now (${actNow.length})*`);
  if (actNow.length === 0) lines.push('Nobody needs acting on this week.');
  for (const learner of actNow) {
    lines.push(`• *${slackEscape(learner.name)}*`);
    for (const reason of learner.reasons) lines.push(`      ◦ ${slackEscape(reason)}`);
  }
  if (watch.length > 0)
    lines.push(`To watch: ${watch.map((learner) => slackEscape(learner.name)).join(', ')}`);
  lines.push(
    '',
    `*Reviews waiting ${plural(reviewWaitDays, 'day')} or more (${overdueReviews.length})*`,
  );
  if (overdueReviews.length === 0) lines.push('No self-assessment has waited that long.');
  for (const review of overdueReviews)
    lines.push(
      `• *${slackEscape(review.name)}*: ${slackEscape(review.assessment)}, waiting ${plural(review.waiting_days, 'day')}`,
    );
  const link = `<${figures.healthUrl}|Open the cohort's health page>`;
  let text = lines.join('\n');
  if (text.length > MAX_TEXT)
    text = `${text.slice(0, text.lastIndexOf('\n', MAX_TEXT))}\n…and more on the health page.`;
  return `${text}\n\n${link}`;
}
