import type { StartAssessmentResponse } from '@lp/contract/board';
import { TOAST_REMOVAL_MS } from '@lp/contract/constants';
import type { StudentProfile } from '@lp/contract/profile';
import { Theme } from '@radix-ui/themes';
import { defaultScheduler, notifyManager } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionCache, setSession } from '@/lib/session.ts';
import { getSettings, setSetting } from '@/lib/settings.ts';
import { type Answer, fakeNetwork } from '@/test/fake-network.ts';
import { staffProfile, studentProfile } from '@/test/fixtures.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { resetToasts } from '@/ui/toasts/toast-store.ts';
import { TimelineCard } from './components/cohort-cards.tsx';
import OverviewPage from './pages/overview-page.tsx';

const cohort = {
  id: 9,
  name: 'Evening Cohort 31',
  start: '2026-01-05',
  end: '2026-07-01',
  client_course: 'https://github.com/org/client',
  server_course: 'https://github.com/org/server',
  github_org: 'https://github.com/evening-31',
  courses: [{ course__id: 3, course__name: 'JavaScript', active: true }],
};

const learner = (overrides: Partial<StudentProfile> = {}): StudentProfile => ({
  ...studentProfile,
  slack_handle: 'U123',
  project: { id: 11, name: 'Kennels', book_id: 5, book_name: 'Fundamentals' },
  current_cohort: cohort,
  ...overrides,
});

function network(profile: StudentProfile, answers: Record<string, Answer> = {}) {
  return fakeNetwork({
    'GET /profile': { status: 200, body: profile },
    'GET /events': { status: 200, body: [] },
    [`GET /students/${profile.id}/repositories`]: { status: 200, body: [] },
    ...answers,
  });
}

function renderOverview(profile: StudentProfile) {
  resetSessionCache();
  setSession({ profile, token: 'tok' });
  return renderWithProviders(<OverviewPage />);
}

beforeEach(() => resetToasts());
afterEach(() => resetToasts());

describe('student overview gates', () => {
  it('shows Loading... while a staff member in mimic mode waits for the profile', async () => {
    resetSessionCache();
    // The profile never arrives.
    fakeNetwork({ 'GET /profile': () => new Promise<Answer>(() => {}) });
    setSession({
      profile: {
        id: 1,
        person: {
          first_name: 'A',
          last_name: 'B',
          github: { login: 'a', repos: '' },
          active_cohort: 0,
        },
        staff: true,
        instructor: true,
        cohorts: [],
      },
      token: 'tok',
    });
    renderWithProviders(<OverviewPage />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('asks to accept the GitHub organization invitation first', async () => {
    const profile = learner({ github_org_status: 'pending', first_name: '', last_name: '' });
    network(profile);
    renderOverview(profile);
    expect(
      await screen.findByRole('heading', {
        name: "You need to accept the invitation to join your cohort's GitHub organization",
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accept Now' })).toHaveAttribute(
      'href',
      'https://github.com/evening-31',
    );
    expect(screen.queryByText('Missing your first and last name')).not.toBeInTheDocument();
  });

  it('does not ask to accept an invitation GitHub has no record of, and says who sends it', async () => {
    // GitHub answered that the learner is neither a member nor invited (or could not be asked).
    const profile = learner({ github_org_status: null, github: 'octo-learner' });
    network(profile);
    renderOverview(profile);
    expect(
      await screen.findByRole('heading', {
        name: "You are not in your cohort's GitHub organization yet",
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/no invitation to it for your account octo-learner/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ask your instructors to invite you/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Accept Now' })).not.toBeInTheDocument();
    expect(screen.queryByText(/no GitHub organization/)).not.toBeInTheDocument();
  });

  it('tells a learner in no cohort so, and how to join one, not to accept an invitation', async () => {
    // What the API answers a learner who has no cohort: no cohort id, no invitation status.
    const profile = learner({ current_cohort: { name: 'Unassigned' }, github_org_status: null });
    network(profile);
    renderOverview(profile);
    expect(
      await screen.findByRole('heading', { name: 'You are not in a cohort yet' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/invitation link: open that link while signed in/)).toBeInTheDocument();
    expect(screen.queryByText(/accept the invitation/)).not.toBeInTheDocument();
    expect(screen.queryByText(/no GitHub organization/)).not.toBeInTheDocument();
  });

  it('tells staff without a cohort, once, that there is none to show and where to join one', async () => {
    // What the API answers a staff member in the learner interface who coaches no cohort.
    const profile = learner({
      staff: true,
      current_cohort: { name: 'Unassigned' },
      cohorts: [],
      github_org_status: null,
    });
    fakeNetwork({ 'GET /profile': { status: 200, body: profile } });
    resetSessionCache();
    setSession({ profile: { ...staffProfile, cohorts: [] }, token: 'tok' });
    setSetting('mimic', true);
    const { user } = renderWithProviders(<OverviewPage />);
    expect(
      await screen.findByRole('heading', { name: 'You do not coach a cohort yet' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading')).toHaveLength(1);
    expect(screen.queryByText(/accept the invitation/)).not.toBeInTheDocument();
    expect(screen.queryByText(/ask your instructors/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to Cohorts' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/cohorts');
    expect(getSettings().mimic).toBe(false);
  });

  it('shows staff the dashboard of a cohort they coach: the invitation gate is for learners', async () => {
    // A coach is no member of the cohort, so the API has no invitation status for them.
    const profile = learner({ staff: true, instructor: true, github_org_status: null });
    network(profile);
    resetSessionCache();
    setSession({ profile: staffProfile, token: 'tok' });
    setSetting('mimic', true);
    renderWithProviders(<OverviewPage />);
    expect(await screen.findByTestId('student-dashboard')).toBeInTheDocument();
    expect(screen.getByText('Evening Cohort 31 Timeline')).toBeInTheDocument();
    expect(screen.queryByText(/accept the invitation/)).not.toBeInTheDocument();
  });

  it('asks for a name when it is blank, saves it and reloads the profile', async () => {
    const profile = learner({ first_name: ' ', last_name: '' });
    const net = network(profile, { 'PUT /profile/change': { status: 204 } });
    const { user } = renderOverview(profile);
    expect(await screen.findByText('Missing your first and last name')).toBeInTheDocument();
    await user.type(screen.getByLabelText('First Name'), 'Sam');
    await user.type(screen.getByLabelText('Last Name'), 'Learner');
    const profileReads = net.calls.filter((call) => call.path === '/profile').length;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(net.writes()).toEqual([
        {
          method: 'PUT',
          path: '/profile/change',
          body: { firstName: 'Sam', lastName: 'Learner' },
        },
      ]),
    );
    await waitFor(() =>
      expect(net.calls.filter((call) => call.path === '/profile').length).toBeGreaterThan(
        profileReads,
      ),
    );
  });

  it('shows the dashboard cards and the empty lists', async () => {
    const profile = learner();
    network(profile);
    renderOverview(profile);
    expect(await screen.findByTestId('student-dashboard')).toBeInTheDocument();
    expect(screen.getByText('Evening Cohort 31 Timeline')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Client side coursework' })).toHaveAttribute(
      'href',
      'https://github.com/org/client',
    );
    expect(
      screen.getByRole('link', { name: 'Evening Cohort 31 Github Organization' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('slack-id')).toHaveTextContent('U123');
    expect(screen.getByRole('link', { name: 'Update' })).toHaveAttribute('href', '/slackUpdate');
    expect(screen.getByText('Fundamentals: Kennels')).toBeInTheDocument();
    expect(screen.getByText('No capstone proposals submitted yet')).toBeInTheDocument();
    expect(screen.getByText('No self-assessments submitted yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Submit Proposal' })).toHaveAttribute(
      'href',
      '/proposal/client',
    );
  });

  it("lists the learner's repositories with their current project's checks", async () => {
    const profile = learner();
    network(profile, {
      'GET /students/42/repositories': {
        status: 200,
        body: [
          {
            id: 5,
            full_name: 'sam-learner/kennels',
            url: 'https://github.com/sam-learner/kennels',
            deleted: false,
            project_id: 11,
            project_name: 'Kennels',
            source: 'learner',
            linked_at: '2026-03-01T15:00:00.000Z',
            last_push_at: null,
            checks: 'passing',
          },
        ],
      },
    });
    renderOverview(profile);
    const card = (await screen.findByRole('heading', { name: 'Your work on GitHub' })).closest(
      '.rt-Card',
    ) as HTMLElement;
    expect(await within(card).findByTestId('current-repository')).toHaveTextContent(
      'Kennels:sam-learner/kennelsChecks passing',
    );
    expect(within(card).getByText('Linked by the learner')).toBeInTheDocument();
    expect(within(card).getByLabelText('Repository URL')).toBeInTheDocument();
  });

  it('lists proposals with their statuses, and self-assessments with theirs', async () => {
    const profile = learner({
      project: { id: 0, name: 'Unassigned' },
      capstones: [
        {
          capstone__id: 1,
          course: 'JavaScript',
          proposal: 'https://docs.google.com/a',
          statuses: [{ status__status: 'Approved', date: '2026-03-02' }],
        },
        { capstone__id: 2, course: 'Python', proposal: 'https://docs.google.com/b', statuses: [] },
      ],
      assessment_overview: [
        {
          id: 4,
          name: 'Fundamentals assessment',
          status: 'In Progress',
          book: { id: 5, name: 'Fundamentals' },
          reviewed_by: '',
          github_url: 'https://github.com/sam/fundamentals',
          no_repository_reason: null,
        },
      ],
    });
    network(profile);
    renderOverview(profile);
    const proposals = await screen.findByRole('list', { name: 'Capstone proposals' });
    expect(within(proposals).getByRole('link', { name: 'JavaScript' })).toHaveAttribute(
      'href',
      'https://docs.google.com/a',
    );
    expect(within(proposals).getByText('Approved on March 2, 2026')).toBeInTheDocument();
    expect(within(proposals).getByText('Submitted')).toBeInTheDocument();
    const assessments = screen.getByRole('list', { name: 'Self-assessments' });
    expect(assessments).toHaveTextContent('Fundamentals assessment');
    expect(assessments).toHaveTextContent('In Progress');
    expect(screen.getByText('None')).toBeInTheDocument();
    // The spec pairs the styles: an Approved capstone looks like an assessment In Progress.
    const colour = (element: HTMLElement) => element.getAttribute('data-accent-color');
    expect(colour(within(proposals).getByText('Approved on March 2, 2026'))).toBe(
      colour(within(assessments).getByText('In Progress')),
    );
    // One proposal per course: the cohort's active course has one, so none is offered again.
    expect(screen.queryByRole('link', { name: 'Submit Proposal' })).toBeNull();
    expect(
      screen.getByText('Your proposal for JavaScript is sent: its status shows above.'),
    ).toBeInTheDocument();
  });
});

describe('timeline card', () => {
  const renderCard = (today: string) =>
    render(
      <Theme>
        <TimelineCard cohort={cohort} today={today} />
      </Theme>,
    );

  it('shows the long dates and the day counts', () => {
    renderCard('2026-01-15');
    expect(screen.getByText('Monday, January 5, 2026')).toBeInTheDocument();
    expect(screen.getByText('Wednesday, July 1, 2026')).toBeInTheDocument();
    expect(screen.getByTestId('cohort-timeline')).toHaveTextContent(
      '10 days completed and 167 days remaining',
    );
  });

  it('says the learner graduated once less than a day remains', () => {
    renderCard('2026-07-01');
    expect(screen.getByTestId('cohort-timeline')).toHaveTextContent('You have graduated!');
  });
});

describe('self-assessment', () => {
  const started = (fields: Partial<StartAssessmentResponse>) => ({
    status: 201,
    body: { message: 'Success', id: 8, url: '', job_id: null, link_in_slack: false, ...fields },
  });

  it('starts the current book and says the project was created, its link coming in Slack', async () => {
    const profile = learner();
    const net = network(profile, {
      'POST /students/42/assess': started({
        url: 'https://github.com/school/fundamentals-sam',
        link_in_slack: true,
      }),
    });
    const { user } = renderOverview(profile);
    await user.click(await screen.findByRole('button', { name: 'Start Self-Assessment' }));
    expect(
      await screen.findByText(
        'Your self-assessment project has been created. You will receive a notification in Slack with the link to the project.',
      ),
    ).toBeInTheDocument();
    expect(net.writes()).toEqual([
      { method: 'POST', path: '/students/42/assess', body: { bookId: 5 } },
    ]);
  });

  it('says what the start made when Slack will not bring the link, or no repository is made', async () => {
    const profile = learner();
    network(profile, {
      'POST /students/42/assess': started({
        url: 'https://github.com/school/fundamentals-sam',
      }),
    });
    const first = renderOverview(profile);
    await first.user.click(await screen.findByRole('button', { name: 'Start Self-Assessment' }));
    expect(
      await screen.findByText(
        'Your self-assessment project is being created at https://github.com/school/fundamentals-sam.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/notification in Slack/)).not.toBeInTheDocument();
    first.unmount();

    network(profile, {
      'POST /students/42/assess': started({
        message: 'Self-assessment started. No repository was created: GitHub is not configured.',
      }),
    });
    const second = renderOverview(profile);
    await second.user.click(await screen.findByRole('button', { name: 'Start Self-Assessment' }));
    expect(
      await screen.findByText(
        'Self-assessment started. No repository was created: GitHub is not configured.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/has been created/)).not.toBeInTheDocument();
  });

  it('on a conflict fetches the existing one and shows Already Started for 6000 ms', async () => {
    const profile = learner();
    network(profile, {
      'POST /students/42/assess': {
        status: 409,
        body: { message: 'Conflict' },
        headers: { location: '/api/assessments/8' },
      },
      'GET /assessments/8': {
        status: 200,
        body: {
          id: 8,
          assessment: { id: 2, name: 'Fundamentals', objectives: [] },
          status: 'In Progress',
          url: 'https://github.com/sam/fundamentals',
        },
      },
    });
    renderOverview(profile);
    const start = await screen.findByRole('button', { name: 'Start Self-Assessment' });
    // From here the clock is the test's: the toast's 6000 ms pass only when the test says so.
    // (The query cache's own notifications go through microtasks meanwhile.)
    notifyManager.setScheduler(queueMicrotask);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(start);
      // vi.waitFor, not findBy: Testing Library's own waits need the real setTimeout.
      await vi.waitFor(() => expect(screen.getByText('Already Started')).toBeInTheDocument());
      expect(
        screen.getByText(
          'You have already started the Fundamentals self-assessment. Its status is In Progress.',
          { exact: false },
        ),
      ).toHaveTextContent('Here is the link https://github.com/sam/fundamentals');
      expect(screen.getByRole('button', { name: 'Open link' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(5_999));
      expect(screen.getByText('Already Started')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1 + TOAST_REMOVAL_MS));
      expect(screen.queryByText('Already Started')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
      notifyManager.setScheduler(defaultScheduler);
    }
  });

  it('says so when the book has no self-assessment, instead of claiming success', async () => {
    const profile = learner();
    network(profile, {
      'POST /students/42/assess': {
        status: 404,
        body: { message: 'There is no assessment for this book.' },
      },
    });
    const { user } = renderOverview(profile);
    await user.click(await screen.findByRole('button', { name: 'Start Self-Assessment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no assessment for this book.',
    );
    expect(screen.queryByText(/has been created/)).not.toBeInTheDocument();
  });

  it('requires both checkboxes before submitting, then says Sent!', async () => {
    const profile = learner({
      assessment_overview: [
        {
          id: 4,
          name: 'Fundamentals',
          status: 'In Progress',
          book: { id: 5, name: 'Fundamentals' },
          reviewed_by: '',
          github_url: 'https://github.com/sam/fundamentals',
          no_repository_reason: null,
        },
      ],
    });
    const net = network(profile, { 'PUT /students/42/assess': { status: 204 } });
    const { user } = renderOverview(profile);
    await user.click(await screen.findByRole('button', { name: 'Submit Self-Assessment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Self-Assessment' });
    expect(within(dialog).getByLabelText('Github Repository URL')).toHaveValue(
      'https://github.com/sam/fundamentals',
    );
    const message =
      'Please complete the Vocabulary & Understanding questions and push your code to Github.';
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    await user.click(
      within(dialog).getByRole('checkbox', {
        name: 'I have completed the Vocabulary & Understanding questions.',
      }),
    );
    expect(within(dialog).queryByText(message)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(net.writes()).toEqual([]);
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'All of my code has been pushed to Github.' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Sent!')).toBeInTheDocument();
    expect(
      screen.getByText(
        'If you want to request a 1-on-1 review, send a message in your cohort channel.',
      ),
    ).toBeInTheDocument();
    expect(net.writes()).toEqual([
      {
        method: 'PUT',
        path: '/students/42/assess',
        body: { statusId: 2, studentAssessmentId: 4 },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('submits the self-assessment of the current book by id, and says plainly why it has no repository', async () => {
    const profile = learner({
      assessment_overview: [
        {
          id: 9,
          name: 'Servers',
          status: 'In Progress',
          book: { id: 6, name: 'Servers' },
          reviewed_by: '',
          github_url: 'https://github.com/sam/servers',
          no_repository_reason: null,
        },
        {
          id: 4,
          name: 'Fundamentals',
          status: 'In Progress',
          book: { id: 5, name: 'Fundamentals' },
          reviewed_by: '',
          github_url: '',
          no_repository_reason: 'GitHub is not configured',
        },
      ],
    });
    const net = network(profile, { 'PUT /students/42/assess': { status: 204 } });
    const { user } = renderOverview(profile);
    await user.click(await screen.findByRole('button', { name: 'Submit Self-Assessment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Self-Assessment' });
    expect(
      within(dialog).getByText(
        'Fundamentals: no repository was created for this self-assessment, because GitHub is not configured.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Github Repository URL')).not.toBeInTheDocument();
    for (const name of [
      'I have completed the Vocabulary & Understanding questions.',
      'All of my code has been pushed to Github.',
    ])
      await user.click(within(dialog).getByRole('checkbox', { name }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Sent!')).toBeInTheDocument();
    expect(net.writes()).toEqual([
      {
        method: 'PUT',
        path: '/students/42/assess',
        body: { statusId: 2, studentAssessmentId: 4 },
      },
    ]);
  });

  it("offers nothing to submit before the current book's self-assessment is started", async () => {
    // An earlier book's self-assessment is never sent again in its place.
    const profile = learner({
      assessment_overview: [
        {
          id: 3,
          name: 'Basics assessment',
          status: 'Reviewed and Complete',
          book: { id: 4, name: 'Basics' },
          reviewed_by: 'Ada Coach',
          github_url: 'https://github.com/sam/basics',
          no_repository_reason: null,
        },
      ],
    });
    const net = network(profile, { 'PUT /students/42/assess': { status: 204 } });
    const { user } = renderOverview(profile);
    await user.click(await screen.findByRole('button', { name: 'Submit Self-Assessment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Self-Assessment' });
    expect(
      within(dialog).getByText(
        'Start the Fundamentals self-assessment first: it is the one to submit.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(net.writes()).toEqual([]);
  });
});
