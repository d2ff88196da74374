import type { StudentProfile } from '@lp/contract/profile';
import { screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSessionCache, setSession } from '@/lib/session.ts';
import { type Answer, fakeNetwork } from '@/test/fake-network.ts';
import { studentProfile } from '@/test/fixtures.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { resetToasts } from '@/ui/toasts/toast-store.ts';
import { validateProposal } from './model/proposal.ts';
import ProposalPage from './pages/proposal-page.tsx';
import SlackUpdatePage from './pages/slack-update-page.tsx';

const profile: StudentProfile = {
  ...studentProfile,
  slack_handle: 'U0OLD',
  current_cohort: {
    id: 9,
    name: 'Evening Cohort 31',
    courses: [
      { course__id: 2, course__name: 'Python', active: false },
      { course__id: 3, course__name: 'JavaScript', active: true },
    ],
  },
};

function network(answers: Record<string, Answer>) {
  return fakeNetwork({ 'GET /profile': { status: 200, body: profile }, ...answers });
}

function renderAt(path: string, element: ReactElement) {
  resetSessionCache();
  setSession({ profile, token: 'tok' });
  return renderWithProviders(element, { path, route: path });
}

afterEach(() => resetToasts());

describe('proposal rules', () => {
  it('needs the URL, the overview and all five confirmations', () => {
    expect(validateProposal({ proposalURL: '', description: ' ', checks: {} })).toEqual({
      proposalURL: 'Enter the URL of your proposal document.',
      description: 'Write a short overview of your project.',
      checks: 'Confirm all five items of the checklist.',
    });
    expect(
      validateProposal({
        proposalURL: 'https://x.test/doc',
        description: 'A plant tracker',
        checks: {
          requirements: true,
          sharing: true,
          erd: true,
          wireframes: true,
          wireframesPublic: true,
        },
      }),
    ).toEqual({});
  });
});

describe('proposal form', () => {
  it('shows the errors inline and sends nothing until the form is complete', async () => {
    const net = network({ 'POST /capstones': { status: 201, body: { message: 'ok', id: 1 } } });
    const { user } = renderAt('/proposal/client', <ProposalPage />);
    expect(
      await screen.findByRole('heading', { name: 'Submit JavaScript Proposal' }),
    ).toBeInTheDocument();
    const url = screen.getByPlaceholderText('Paste Google Doc URL here');
    await user.type(url, 'not a url');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Enter a URL, e.g. https://docs.google.com/…')).toBeInTheDocument();
    expect(screen.getByText('Write a short overview of your project.')).toBeInTheDocument();
    expect(screen.getByText('Confirm all five items of the checklist.')).toBeInTheDocument();
    expect(net.writes()).toEqual([]);

    await user.clear(url);
    await user.type(url, 'https://docs.google.com/document/d/abc');
    await user.type(screen.getByLabelText('Project overview'), 'Tracks house plants');
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(5);
    for (const box of boxes.slice(0, 4)) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Confirm all five items of the checklist.')).toBeInTheDocument();
    expect(net.writes()).toEqual([]);

    await user.click(boxes[4] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await screen.findByText('Proposal submitted')).toBeInTheDocument();
    expect(net.writes()).toEqual([
      {
        method: 'POST',
        path: '/capstones',
        body: {
          description: 'Tracks house plants',
          proposalURL: 'https://docs.google.com/document/d/abc',
          repoURL: '',
          course: 3,
        },
      },
    ]);
  });

  it('shows the server refusal on the page and stays there', async () => {
    network({
      'POST /capstones': {
        status: 409,
        body: { message: 'You have already submitted a proposal for this course.' },
      },
    });
    const { user } = renderAt('/proposal/client', <ProposalPage />);
    await user.type(
      await screen.findByPlaceholderText('Paste Google Doc URL here'),
      'https://docs.google.com/document/d/abc',
    );
    await user.type(screen.getByLabelText('Project overview'), 'Tracks house plants');
    for (const box of screen.getAllByRole('checkbox')) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have already submitted a proposal for this course.',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/proposal/client');
  });
});

describe('Slack member ID', () => {
  it('saves the member ID and goes back to the overview', async () => {
    const net = network({ 'PUT /students/42': { status: 204 } });
    const { user } = renderAt('/slackUpdate', <SlackUpdatePage />);
    expect(
      await screen.findByText(
        'Watch the animation to the left to see how to copy your Slack member ID.',
      ),
    ).toBeInTheDocument();
    const field = screen.getByPlaceholderText('Enter Member ID…');
    expect(field).toHaveValue('U0OLD');
    await user.clear(field);
    await user.type(field, 'U0NEW');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(net.writes()).toEqual([
      { method: 'PUT', path: '/students/42', body: { slack_handle: 'U0NEW' } },
    ]);
  });
});
