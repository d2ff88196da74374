import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { studentProfile } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

const invitation = {
  cohort: { id: 7, name: 'Day Cohort 7' },
  github: false,
  password: true,
};

describe('the join page of an invitation link', () => {
  it('lets a newcomer choose a username and password, then signs them in', async () => {
    const network = fakeNetwork({
      'GET /invitations': { status: 200, body: invitation },
      'POST /invitations/accounts': { status: 201, body: { username: 'ada', message: 'Welcome' } },
      'POST /accounts/verify': { status: 200, body: { token: 'new-token' } },
      'GET /profile': { status: 200, body: studentProfile },
    });
    const { user } = renderApp('/join?cohort=7&v=secret');
    expect(await screen.findByRole('heading', { name: 'Join Day Cohort 7' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue with GitHub' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('New password'), 'analytical');
    await user.type(screen.getByLabelText('Repeat the password'), 'analyticaI');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords are not the same.');
    await user.clear(screen.getByLabelText('Repeat the password'));
    await user.type(screen.getByLabelText('Repeat the password'), 'analytical');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(network.writes()).toEqual([
      {
        method: 'POST',
        path: '/invitations/accounts',
        body: {
          cohort: 7,
          v: 'secret',
          first_name: 'Ada',
          last_name: '',
          username: 'ada',
          password: 'analytical',
        },
      },
      {
        method: 'POST',
        path: '/accounts/verify',
        body: { username: 'ada', password: 'analytical' },
      },
    ]);
  });

  it('says what to do with a link that is not valid', async () => {
    fakeNetwork({
      'GET /invitations': {
        status: 404,
        body: { message: 'This invitation link is not valid: ask for the current one.' },
      },
    });
    renderApp('/join?cohort=7&v=old');
    expect(
      await screen.findByRole('heading', { name: 'This invitation link does not work' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This invitation link is not valid: ask for the current one.',
    );
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeInTheDocument();
  });

  it('offers GitHub where the server has it', async () => {
    fakeNetwork({
      'GET /invitations': { status: 200, body: { ...invitation, github: true, password: false } },
    });
    renderApp('/join?cohort=7&v=secret');
    expect(await screen.findByRole('link', { name: 'Continue with GitHub' })).toHaveAttribute(
      'href',
      '/api/auth/github/url?cohort=7&v=secret',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
