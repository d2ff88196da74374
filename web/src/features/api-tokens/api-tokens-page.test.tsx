import type { ApiToken } from '@lp/contract/api-tokens';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import ApiTokensPage from './api-tokens-page.tsx';

const exportToken: ApiToken = {
  id: 4,
  name: 'Nightly export',
  scope: 'read',
  created_at: '2026-11-20T10:00:00.000Z',
  expires_at: '2099-01-01T10:00:00.000Z',
  revoked_at: null,
  last_used_at: '2026-11-27T03:00:00.000Z',
  uses: 2,
};

describe('the API tokens page', () => {
  it('makes a token, shows its secret once, and lists it', async () => {
    let tokens: ApiToken[] = [];
    const network = fakeNetwork({
      'GET /api-tokens': () => ({ status: 200, body: tokens }),
      'POST /api-tokens': () => {
        const made = { ...exportToken, id: 9, name: 'Grades sync', scope: 'write' as const };
        tokens = [made];
        return { status: 201, body: { ...made, token: 'lpat_secret123' } };
      },
    });
    renderWithProviders(<ApiTokensPage />);
    expect(await screen.findByText('No API tokens yet')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Grades sync');
    await userEvent.click(screen.getByRole('combobox', { name: 'Access' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Read and write' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const secret = await screen.findByRole('region', { name: 'New token Grades sync' });
    expect(within(secret).getByText('lpat_secret123')).toBeTruthy();
    expect(within(secret).getByText(/it is not shown again/)).toBeTruthy();
    expect(network.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Grades sync',
      scope: 'write',
      expires_in_days: 30,
    });
    expect(
      await screen.findByRole('row', { name: /Grades sync Read and write Active/ }),
    ).toBeTruthy();
    await userEvent.click(within(secret).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('lpat_secret123')).toBeNull();
  });

  it('asks for a name, with the focus on the field, and sends nothing without one', async () => {
    const network = fakeNetwork({ 'GET /api-tokens': { status: 200, body: [] } });
    renderWithProviders(<ApiTokensPage />);
    await screen.findByText('No API tokens yet');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const name = screen.getByRole('textbox', { name: /Name/ });
    expect(await screen.findByText('Name the token after what will use it.')).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(network.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('revokes a token after asking, and says so', async () => {
    let tokens = [exportToken];
    const network = fakeNetwork({
      'GET /api-tokens': () => ({ status: 200, body: tokens }),
      'DELETE /api-tokens/4': () => {
        tokens = [{ ...exportToken, revoked_at: '2026-11-28T08:00:00.000Z' }];
        return { status: 200, body: tokens[0] };
      },
    });
    renderWithProviders(<ApiTokensPage />);
    const row = await screen.findByRole('row', { name: /Nightly export/ });
    expect(within(row).getByText('Active')).toBeTruthy();
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke Nightly export' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Scripts using it are refused from now on/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('Revoked the API token “Nightly export”')).toBeTruthy();
    expect(network.calls.some((call) => call.method === 'DELETE')).toBe(true);
    const revoked = await screen.findByRole('row', { name: /Revoked/ });
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it("shows a token's recent uses", async () => {
    fakeNetwork({
      'GET /api-tokens': { status: 200, body: [exportToken] },
      'GET /api-tokens/4/uses': {
        status: 200,
        body: [
          { used_at: '2026-11-27T03:00:00.000Z', method: 'GET', path: '/api/cohorts', status: 200 },
          { used_at: '2026-11-27T02:00:00.000Z', method: 'POST', path: '/api/tags', status: 403 },
        ],
      },
    });
    renderWithProviders(<ApiTokensPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Uses of Nightly export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uses of “Nightly export”' });
    const uses = await within(dialog).findByRole('table');
    expect(within(uses).getByRole('row', { name: /GET \/api\/cohorts 200/ })).toBeTruthy();
    expect(within(uses).getByRole('row', { name: /POST \/api\/tags 403/ })).toBeTruthy();
  });
});
