import type { BoardChange } from '@lp/contract/live';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useBoardAttention } from '@/features/health';
import { cohortHealthOf } from '@/features/health/testing';
import { LearnerOverlay } from '@/features/learners';
import { learner as overlayLearner } from '@/features/learners/testing';
import { setSession } from '@/lib/session.ts';
import { fakeEventSources } from '@/test/fake-event-source.ts';
import { fakeNetwork, type Stub } from '@/test/fake-network.ts';
import { staffProfile } from '@/test/fixtures.ts';
import { learner } from '../model/fixtures.ts';
import { COHORT, renderBoard } from '../testing/render-board.tsx';

const ada = learner('Ada Lovelace', 101);
const grace = learner('Grace Hopper', 101);
const coach = { id: 5, name: 'Grace Coach' };
const me = { id: staffProfile.id, name: 'Ada Coach' };

const change = (overrides: Partial<BoardChange> = {}): BoardChange => ({
  id: '7',
  cohort: COHORT,
  student_id: ada.id,
  kind: 'project',
  summary: 'moved to Functionland',
  actor: coach,
  at: '2026-03-02T15:00:00.000Z',
  ...overrides,
});

/** Signed in as the fixture coach, with a ticket for every request and the board as `board`. */
function liveBoard(board = [ada, grace], beside?: ReactNode, answers: Record<string, Stub> = {}) {
  setSession({ profile: staffProfile, token: 'session-token' });
  let tickets = 0;
  const network = fakeNetwork({
    [`POST /cohorts/${COHORT}/live/ticket`]: () => ({
      status: 200,
      body: { ticket: `ticket-${++tickets}`, expires_at: '2026-03-02T15:01:00.000Z' },
    }),
    'GET /students': { status: 200, body: board },
    ...answers,
  });
  const streams = fakeEventSources();
  renderBoard([ada, grace], { live: true, beside });
  return { network, streams };
}

/** The overlay's score reading "Score n". */
const scoreShown = (n: number) =>
  screen.findByText(
    (_, element) =>
      element?.classList.contains('lp-learner__score') === true &&
      element.textContent === `Score ${n}`,
  );

/** Ada's learner overlay open beside the board, with the score `score()` says. */
function overlayOfAda(score: () => number): [ReactNode, Record<string, Stub>] {
  const empty = { status: 200, body: [] };
  return [
    <LearnerOverlay key="overlay" learnerId={ada.id} open onClose={() => {}} />,
    {
      [`GET /students/${ada.id}`]: () => ({
        status: 200,
        body: { ...overlayLearner, id: ada.id, name: ada.name, score: score() },
      }),
      'GET /coreskillrecords': empty,
      'GET /weights': empty,
      [`GET /students/${ada.id}/history`]: empty,
      'GET /cohorts': empty,
    },
  ];
}

const boardReads = (network: ReturnType<typeof fakeNetwork>) =>
  network.calls.filter((call) => call.method === 'GET' && call.path === '/students');
/** Waits for the stream, opens it and waits for the board read that follows every opening. */
async function opened({ network, streams }: ReturnType<typeof liveBoard>) {
  await waitFor(() => expect(streams.opened).toHaveLength(1));
  streams.latest().open();
  await waitFor(() => expect(boardReads(network)).toHaveLength(1));
  return streams.latest();
}

const cardOf = (name: string) => screen.getByRole('group', { name });
const handleOf = (name: string) => screen.getByRole('button', { name: `Move ${name}` });

describe('the live board', () => {
  it('opens the stream with a ticket asked for with the session token', async () => {
    const { network, streams } = liveBoard();
    await waitFor(() => expect(streams.opened).toHaveLength(1));
    const ticketCall = network.calls.find((call) => call.path.endsWith('/live/ticket'));
    expect(ticketCall?.headers.get('Authorization')).toBe('Token session-token');
    expect(streams.latest().url).toBe(`/api/cohorts/${COHORT}/live?ticket=ticket-1`);
    expect(streams.latest().url).not.toContain('session-token');
    // What changed between the board's last read and the stream's opening is read again.
    expect(boardReads(network)).toHaveLength(0);
    streams.latest().open();
    await waitFor(() => expect(boardReads(network)).toHaveLength(1));
  });

  it("refetches the board on another coach's change and marks the card with their name", async () => {
    const moved = { ...ada, project_id: 203, project_name: 'Functionland', book_id: 20 };
    const live = liveBoard([{ ...moved, book_index: 1 }, grace]);
    const stream = await opened(live);
    stream.send('change', change(), '7');

    expect(await screen.findByText('moved to Functionland by Grace Coach')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Book 2, Functionland' })).getByText(
          'Ada Lovelace',
        ),
      ).toBeInTheDocument(),
    );
    expect(handleOf('Ada Lovelace')).toHaveAccessibleDescription(
      /^moved to Functionland by Grace Coach\b/,
    );
    expect(boardReads(live.network)).toHaveLength(2);
  });

  it("refetches on the signed-in person's own change without marking the card", async () => {
    const live = liveBoard();
    const stream = await opened(live);
    stream.send('change', change({ actor: me, summary: 'tagged lighthouse' }), '8');
    await waitFor(() => expect(boardReads(live.network)).toHaveLength(2));
    expect(screen.queryByText(/tagged lighthouse/)).not.toBeInTheDocument();
    expect(cardOf('Ada Lovelace')).not.toHaveClass('lp-card--changed');
  });

  it('marks a card with work that arrived from GitHub, and refetches the board', async () => {
    const live = liveBoard();
    const stream = await opened(live);
    stream.send(
      'change',
      change({ kind: 'activity', actor: null, summary: 'pushed 2 commits' }),
      '8',
    );
    expect(await screen.findByText('pushed 2 commits on GitHub')).toBeInTheDocument();
    expect(cardOf('Ada Lovelace')).toHaveClass('lp-card--changed');
    await waitFor(() => expect(boardReads(live.network)).toHaveLength(2));
  });

  it('marks a repository linked by another coach with their name', async () => {
    const live = liveBoard();
    const stream = await opened(live);
    stream.send('change', change({ kind: 'repository', summary: 'linked org/toys' }), '9');
    expect(await screen.findByText('linked org/toys by Grace Coach')).toBeInTheDocument();
    await waitFor(() => expect(boardReads(live.network)).toHaveLength(2));
  });

  it("reads the cohort's health again when another coach reaches out to a learner", async () => {
    const healthReads = () =>
      live.network.calls.filter((call) => call.path === `/cohorts/${COHORT}/health`).length;
    function Markers() {
      useBoardAttention(COHORT, null);
      return null;
    }
    const live = liveBoard([ada, grace], <Markers key="markers" />, {
      [`GET /cohorts/${COHORT}/health`]: { status: 200, body: cohortHealthOf([]) },
    });
    const stream = await opened(live);
    await waitFor(() => expect(healthReads()).toBe(1));
    stream.send('change', change({ kind: 'intervention', summary: 'reached out (message)' }), '12');
    expect(await screen.findByText('reached out (message) by Grace Coach')).toBeInTheDocument();
    await waitFor(() => expect(healthReads()).toBe(2));
  });

  it('shows who else has the board open, leaving the signed-in person out', async () => {
    const stream = await opened(liveBoard());
    stream.send('presence', { cohort: COHORT, viewers: [me, coach] });

    const others = await screen.findByRole('list', { name: 'Also here' });
    // By name; the avatar's initials show once it has settled on having no image.
    expect(within(others).getAllByRole('listitem')).toHaveLength(1);
    expect(within(others).getByText('Grace Coach')).toBeInTheDocument();
    stream.send('presence', { cohort: COHORT, viewers: [me] });
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Also here' })).not.toBeInTheDocument(),
    );
  });

  it("says 'reconnecting…' when the stream drops and reconnects with a new ticket after the last event", async () => {
    const live = liveBoard();
    const { network, streams } = live;
    const first = await opened(live);
    first.send('change', change({ actor: me }), '7');
    await waitFor(() => expect(boardReads(network)).toHaveLength(2));

    first.drop();
    expect(await screen.findByText('reconnecting…')).toBeInTheDocument();
    expect(first.closed).toBe(true);

    await waitFor(() => expect(streams.opened).toHaveLength(2));
    const second = streams.latest();
    expect(second.query.get('ticket')).toBe('ticket-2');
    expect(second.query.get('last_event_id')).toBe('7');
    second.open();
    await waitFor(() => expect(screen.queryByText('reconnecting…')).not.toBeInTheDocument());
    // Whatever happened while it was down is read again.
    await waitFor(() => expect(boardReads(network)).toHaveLength(3));
  });

  it('reconnects after where its stream started when it dropped before any change came', async () => {
    const live = liveBoard();
    const first = await opened(live);
    first.send('heartbeat', { interval_ms: 25_000 }, '12');
    first.drop();
    await waitFor(() => expect(live.streams.opened).toHaveLength(2));
    expect(live.streams.latest().query.get('last_event_id')).toBe('12');
  });

  it('refetches when the server says changes were missed', async () => {
    const live = liveBoard();
    const stream = await opened(live);
    stream.send('resync');
    await waitFor(() => expect(boardReads(live.network)).toHaveLength(2));
  });

  it("says 'reconnecting…' as soon as the browser goes offline, and reconnects when it is back online", async () => {
    const live = liveBoard();
    const { network, streams } = live;
    const first = await opened(live);
    first.send('change', change({ actor: me }), '9');

    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText('reconnecting…')).toBeInTheDocument();
    expect(first.closed).toBe(true);

    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(streams.opened).toHaveLength(2));
    expect(streams.latest().query.get('last_event_id')).toBe('9');
    streams.latest().open();
    await waitFor(() => expect(screen.queryByText('reconnecting…')).not.toBeInTheDocument());
    await waitFor(() => expect(boardReads(network)).toHaveLength(3));
  });

  it("reads an open learner overlay again when someone changes that learner, and not for another's change", async () => {
    let score = 42;
    const live = liveBoard([ada, grace], ...overlayOfAda(() => score));
    const detailReads = () =>
      live.network.calls.filter((call) => call.path === `/students/${ada.id}`);
    const stream = await opened(live);
    expect(await scoreShown(42)).toBeInTheDocument();
    const before = detailReads().length;

    stream.send('change', change({ student_id: grace.id, summary: 'tagged "x"' }), '10');
    await waitFor(() => expect(boardReads(live.network)).toHaveLength(2));
    expect(detailReads()).toHaveLength(before);

    score = 50;
    stream.send('change', change({ kind: 'objective', summary: 'achieved Loops' }), '11');
    expect(await scoreShown(50)).toBeInTheDocument();
    expect(detailReads()).toHaveLength(before + 1);
  });

  it('reads an open learner overlay again when the server says changes were missed', async () => {
    let score = 42;
    const live = liveBoard([ada, grace], ...overlayOfAda(() => score));
    const stream = await opened(live);
    expect(await scoreShown(42)).toBeInTheDocument();
    score = 50;
    stream.send('resync');
    expect(await scoreShown(50)).toBeInTheDocument();
    await waitFor(() => expect(boardReads(live.network)).toHaveLength(2));
  });

  it('takes a stream that stays silent for much longer than its heartbeats come for dead, and reconnects', async () => {
    const live = liveBoard();
    const first = await opened(live);
    first.send('heartbeat', { interval_ms: 40 });
    // Nothing more arrives: the stream is given up and a new one asked for.
    expect(await screen.findByText('reconnecting…')).toBeInTheDocument();
    expect(first.closed).toBe(true);
    await waitFor(() => expect(live.streams.opened).toHaveLength(2));
    expect(live.streams.latest().query.get('ticket')).toBe('ticket-2');
  });
});
