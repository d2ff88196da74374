import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { SchoolLinkAction } from './school-link-action.tsx';

const options = {
  status: 200,
  body: {
    password: true,
    github: true,
    oidc: { name: 'Springfield SSO', required_for_staff: false },
  },
};

describe('Link your school account', () => {
  it('offers the link while the account has none', async () => {
    fakeNetwork({
      'GET /auth/options': options,
      'GET /auth/oidc/link': { status: 200, body: { linked: false, email: null } },
    });
    renderWithProviders(<SchoolLinkAction />);
    expect(
      await screen.findByRole('button', { name: 'Link your school account (Springfield SSO)' }),
    ).toBeEnabled();
  });

  it('says which school account is linked', async () => {
    fakeNetwork({
      'GET /auth/options': options,
      'GET /auth/oidc/link': { status: 200, body: { linked: true, email: 'ada@school.test' } },
    });
    renderWithProviders(<SchoolLinkAction />);
    expect(
      await screen.findByText('Your Springfield SSO account is linked (ada@school.test).'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says why linking could not start', async () => {
    fakeNetwork({
      'GET /auth/options': options,
      'GET /auth/oidc/link': { status: 200, body: { linked: false, email: null } },
      'POST /auth/oidc/link': {
        status: 503,
        body: {
          message: 'Springfield SSO could not be reached (timeout). Please try again later.',
        },
      },
    });
    const { user } = renderWithProviders(<SchoolLinkAction />);
    await user.click(
      await screen.findByRole('button', { name: 'Link your school account (Springfield SSO)' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Springfield SSO could not be reached (timeout). Please try again later.',
    );
  });
});
