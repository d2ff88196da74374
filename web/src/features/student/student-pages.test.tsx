import type { StaffProfile } from '@lp/contract/profile';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { staffProfile, studentProfile } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

describe('learner pages in the route table', () => {
  it.each([
    ['/assessment', 'Official Assessments: Capstone Project'],
    ['/assessment/client', 'Client Side Requirements'],
    ['/assessment/server', 'Server Side Requirements'],
    ['/goals', 'Core Skills'],
    ['/readme', 'README Guidelines'],
  ])('%s shows %s', async (path, title) => {
    fakeNetwork({ 'GET /profile': { status: 200, body: studentProfile } });
    renderApp(path, { profile: studentProfile, token: 'tok' });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('links each capstone to its requirements, and lists the four core skills', async () => {
    fakeNetwork({ 'GET /profile': { status: 200, body: studentProfile } });
    const { user } = renderApp('/assessment', { profile: studentProfile, token: 'tok' });
    await screen.findByText('Server Side Capstone Project');
    const [client, server] = screen.getAllByRole('link', { name: 'Requirements' });
    expect(client).toHaveAttribute('href', '/assessment/client');
    expect(server).toHaveAttribute('href', '/assessment/server');
    await user.click(screen.getByRole('link', { name: 'Core Skills' }));
    for (const skill of [
      'Analytical Thinking',
      'Algorithmic Thinking',
      'Efficient Learning',
      'Communication',
    ]) {
      expect(await screen.findByRole('heading', { name: skill })).toBeInTheDocument();
    }
  });

  it('requirements keep the after-MVP guidelines folded away', async () => {
    fakeNetwork({ 'GET /profile': { status: 200, body: studentProfile } });
    renderApp('/assessment/server', { profile: studentProfile, token: 'tok' });
    const summary = await screen.findByText('Some guidelines you can work on after MVP');
    expect(summary.closest('details')).not.toHaveAttribute('open');
    expect(screen.getByRole('heading', { name: 'Data Requirements' })).toBeInTheDocument();
    expect(screen.getByText('At least one many-to-many relationship.')).toBeInTheDocument();
  });

  it('staff in mimic mode see the overview built from GET /profile?mimic=true', async () => {
    const staff: StaffProfile = { ...staffProfile, instructor: false };
    window.localStorage.setItem('lp_settings', JSON.stringify({ mimic: true }));
    const network = fakeNetwork({
      'GET /profile': { status: 200, body: { ...studentProfile, staff: true } },
      'GET /events': { status: 200, body: [] },
    });
    renderApp('/', { profile: staff, token: 'tok' });
    expect(await screen.findByTestId('student-dashboard')).toBeInTheDocument();
    await waitFor(() =>
      expect(network.calls.map((call) => call.url)).toContain('/profile?mimic=true'),
    );
    window.localStorage.removeItem('lp_settings');
  });
});
