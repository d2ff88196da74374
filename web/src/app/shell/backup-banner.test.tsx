import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { staffProfile } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

const staff = { profile: staffProfile, token: 'staff-token' };

describe('the failed backup banner', () => {
  it("tells staff on page load that the server's last automatic backup failed", async () => {
    fakeNetwork({
      'GET /profile': {
        status: 200,
        body: {
          ...staffProfile,
          backup_failure: { at: '2026-03-02T08:00:00.000Z', message: 'no space left on device' },
        },
      },
    });
    renderApp('/cohorts', staff);
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(
      'The last automatic backup failed (Mar 2, 2026, 2:00 am): no space left on device.',
    );
  });

  it('shows nothing while the backups work', async () => {
    fakeNetwork({ 'GET /profile': { status: 200, body: staffProfile } });
    renderApp('/cohorts', staff);
    expect(await screen.findByRole('heading', { name: 'Cohorts' })).toBeInTheDocument();
    expect(screen.queryByText(/automatic backup failed/)).not.toBeInTheDocument();
  });
});
