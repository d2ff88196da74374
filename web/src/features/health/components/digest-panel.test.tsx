import type { CohortDigest, DigestDelivery, DigestSendResult } from '@lp/contract/digest';
import type { Job, JobStep } from '@lp/contract/jobs';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { DigestPanel } from './digest-panel.tsx';

const digest = (overrides: Partial<CohortDigest> = {}): CohortDigest => ({
  cohort: { id: 5, name: 'Day Cohort 62' },
  generated_at: '2026-11-25T18:00:00.000Z',
  at_risk: [
    {
      student_id: 1,
      name: 'Ada Lovelace',
      level: 'act_now',
      evidence: 4,
      reasons: [
        '12 days on Mortgage Qualifiers; 90% of past learners finished it in 6',
        'No project move, self-assessment change or push for 8 days',
      ],
    },
    {
      student_id: 3,
      name: 'Hedy Lamarr',
      level: 'watch',
      evidence: 2,
      reasons: ['Nothing pushed to GitHub for 6 days'],
    },
  ],
  overdue_reviews: [
    {
      student_id: 2,
      name: 'Alan Turing',
      assessment: 'Numbers',
      assessment_id: 3,
      since: '2026-11-20T18:00:00.000Z',
      waiting_days: 5,
    },
  ],
  review_wait_days: 3,
  text: '*Weekly digest: Day Cohort 62*',
  slack_configured: true,
  channel: 'C0INSTR',
  recipients: [
    { id: 90, name: 'Grace Hopper', has_slack: true },
    { id: 91, name: 'Edsger Dijkstra', has_slack: true },
    { id: 92, name: 'Barbara Liskov', has_slack: false },
  ],
  schedule: {
    day: 'monday',
    hour: 8,
    time_zone: 'America/Chicago',
    next_send_at: '2026-11-30T14:00:00.000Z',
  },
  last_sent: null,
  ...overrides,
});

const delivery: DigestDelivery = {
  sent_at: '2026-11-25T18:05:00.000Z',
  trigger: 'manual',
  result: 'sent',
  channel: 'C0INSTR',
  delivered: 1,
  recipients: 1,
  sent_by: { id: 7, name: 'Sam Staff' },
};

const queued: DigestSendResult = {
  message: 'Digest queued for the instructor channel C0INSTR',
  job_id: 77,
};

const digestJob = (status: Job['status'], step: Partial<JobStep> = {}): Job => ({
  id: 77,
  kind: 'cohort-digest',
  cohort: 5,
  status,
  created_at: '2026-11-25T18:05:00.000Z',
  started_at: '2026-11-25T18:05:00.000Z',
  finished_at: status === 'done' || status === 'failed' ? '2026-11-25T18:05:01.000Z' : null,
  duration_ms: status === 'done' || status === 'failed' ? 1000 : null,
  next_attempt_at: null,
  steps: [
    {
      id: 9,
      phase: 'Sending the digest',
      label: 'Digest to the instructor channel C0INSTR',
      status: status === 'done' ? 'done' : status === 'failed' ? 'failed' : 'pending',
      attempts: 1,
      error: null,
      summary: status === 'done' ? 'Posted to C0INSTR' : null,
      ...step,
    },
  ],
});

let current: CohortDigest;
let job: Job;
let network: ReturnType<typeof fakeNetwork>;
beforeEach(() => {
  current = digest();
  job = digestJob('queued');
  network = fakeNetwork({
    'GET /cohorts/5/digest': () => ({ status: 200, body: current }),
    'POST /cohorts/5/digest/send': () => ({ status: 200, body: queued }),
    'GET /jobs/77': () => ({ status: 200, body: job }),
  });
});

const renderPanel = () => renderWithProviders(<DigestPanel cohortId={5} />).user;

describe('DigestPanel', () => {
  it('shows the learners to act on with their reasons, those to watch, the overdue reviews and the schedule', async () => {
    const user = renderPanel();
    // The message is folded away at first: it repeats the lists above it on the page.
    const show = await screen.findByRole('button', { name: 'Show the message' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Act now (1)' })).toBeNull();
    await user.click(show);
    expect(screen.getByRole('button', { name: 'Hide the message' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const attention = await screen.findByRole('region', { name: 'Act now (1)' });
    expect(within(attention).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(
      within(attention).getByText(
        '12 days on Mortgage Qualifiers; 90% of past learners finished it in 6',
      ),
    ).toBeInTheDocument();
    expect(
      within(attention).getByText('No project move, self-assessment change or push for 8 days'),
    ).toBeInTheDocument();
    expect(attention).toHaveTextContent('To watch: Hedy Lamarr');
    expect(within(attention).queryByText('Nothing pushed to GitHub for 6 days')).toBeNull();
    const reviews = screen.getByRole('region', { name: 'Reviews waiting 3 days or more (1)' });
    expect(reviews).toHaveTextContent('Alan Turing: Numbers, waiting 5 days');

    expect(
      screen.getByText('Monday, Nov 30, 8:00 am. Every Monday at 8:00 am (Chicago time).'),
    ).toBeInTheDocument();
    expect(screen.getByText('Not sent yet')).toBeInTheDocument();
    expect(screen.getByText('the instructor Slack channel C0INSTR')).toBeInTheDocument();
  });

  it('queues the digest, says so in a toast, follows its job and then shows it as last sent', async () => {
    const user = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Send digest now' }));
    expect(
      await screen.findByText('Digest queued for the instructor channel C0INSTR'),
    ).toBeInTheDocument();
    expect(network.writes()).toEqual([
      { method: 'POST', path: '/cohorts/5/digest/send', body: undefined },
    ]);
    const progress = await screen.findByRole('region', { name: 'Sending the digest' });
    expect(await within(progress).findByText('Sending the digest: 0 of 1')).toBeInTheDocument();

    current = digest({ last_sent: delivery });
    job = digestJob('done');
    expect(
      await within(progress).findByText('All done: 1 of 1 steps succeeded', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Nov 25, 2026, 12:05 pm by Sam Staff, to the instructor channel C0INSTR',
      ),
    ).toBeInTheDocument();
  });

  it("shows Slack's refusal in the job's progress, with Retry", async () => {
    job = digestJob('failed', { error: 'channel_not_found' });
    const user = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Send digest now' }));
    const failed = await screen.findByRole('list', { name: 'Failed' });
    expect(
      within(failed).getByText('Digest to the instructor channel C0INSTR: channel_not_found'),
    ).toBeInTheDocument();
    expect(
      within(failed).getByRole('button', {
        name: 'Retry Digest to the instructor channel C0INSTR',
      }),
    ).toBeEnabled();
  });

  it('without an instructor channel, shows the coaches it goes to directly', async () => {
    current = digest({
      channel: null,
      last_sent: {
        ...delivery,
        channel: null,
        result: 'partial',
        delivered: 1,
        recipients: 2,
      },
    });
    renderPanel();
    expect(
      await screen.findByText(
        'Grace Hopper, Edsger Dijkstra, Barbara Liskov (no Slack member ID), by direct message (the cohort has no instructor Slack channel)',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Nov 25, 2026, 12:05 pm by Sam Staff, to 1 of 2 coaches'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send digest now' })).toBeEnabled();
  });

  it('disables the button without Slack, with the reason beside it', async () => {
    current = digest({
      slack_configured: false,
      schedule: { ...digest().schedule, next_send_at: null },
    });
    renderPanel();
    const button = await screen.findByRole('button', { name: 'Send digest now' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Slack is not configured on this server');
    expect(screen.getByText('None: Slack is not configured on this server.')).toBeInTheDocument();
  });

  it('disables the button with no instructor channel and no coach with a Slack member ID', async () => {
    current = digest({
      channel: null,
      recipients: [{ id: 92, name: 'Barbara Liskov', has_slack: false }],
    });
    renderPanel();
    const button = await screen.findByRole('button', { name: 'Send digest now' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'This cohort has no instructor Slack channel and no coach with a Slack member ID',
    );
    expect(
      screen.getByText(
        'nobody: the cohort has no instructor Slack channel and no coach with a Slack member ID',
      ),
    ).toBeInTheDocument();
  });

  it('sends to the instructor channel even when no coach has a Slack member ID', async () => {
    current = digest({ recipients: [] });
    renderPanel();
    expect(await screen.findByRole('button', { name: 'Send digest now' })).toBeEnabled();
  });

  it('says why the send was refused, and an empty week as such', async () => {
    current = digest({ at_risk: [], overdue_reviews: [] });
    const refusal =
      'Day Cohort 62 has no instructor Slack channel and no coach with a Slack member ID, so nobody can receive the digest.';
    network.answer('POST /cohorts/5/digest/send', { status: 409, body: { message: refusal } });
    const user = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Show the message' }));
    expect(await screen.findByText('Nobody needs acting on this week.')).toBeInTheDocument();
    expect(screen.queryByText('To watch:')).toBeNull();
    expect(screen.getByText('No self-assessment has waited that long.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send digest now' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sending the digest' })).toBeNull();
  });

  it('shows a failed read with its message', async () => {
    network.answer('GET /cohorts/5/digest', {
      status: 404,
      body: { message: 'Cohort not found.' },
    });
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('This digest does not exist');
  });
});
