import type { CohortInfo } from '@lp/contract/cohorts';
import { STORAGE_KEYS } from '@lp/contract/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { staffProfile } from '@/test/fixtures.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { renderApp } from '@/test/render-app.tsx';
import { cohortOf } from '../testing/fixtures.ts';
import { CohortDates } from './cohort-dates.tsx';
import { CohortLinksForm } from './cohort-links-form.tsx';

const toastOf = async (text: string) =>
  (await screen.findByText(text)).closest('li') as HTMLElement;

describe('undo of a change to a cohort, from its toast', () => {
  it('puts saved dates back as they were', async () => {
    const net = fakeNetwork({ 'PUT /cohorts/72': { status: 204 } });
    const { user } = renderWithProviders(<CohortDates cohort={cohortOf(72)} />);
    fireEvent.change(screen.getByLabelText('Ends:'), { target: { value: '2025-08-29' } });
    await user.click(screen.getByRole('button', { name: 'Save dates' }));
    const saved = await toastOf('Day Cohort 72: dates saved.');
    await user.click(within(saved).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Day Cohort 72: dates put back.')).toBeInTheDocument();
    expect(net.writes().map((call) => call.body)).toEqual([
      { start_date: '2025-01-06', end_date: '2025-08-29' },
      { start_date: '2025-01-06', end_date: '2025-07-03' },
    ]);
  });

  it("puts a cohort's links back, blank where there were none before their first save", async () => {
    const created: CohortInfo = {
      id: 40,
      zoom_url: null,
      cohort: { id: 72, active: true, name: 'Day Cohort 72', students: 12 },
      student_organization_url: null,
      github_classroom_url: null,
      attendance_sheet_url: 'https://docs.example.com/day-72',
      client_course_url: null,
      server_course_url: null,
    };
    const net = fakeNetwork({
      'POST /cohortinfo': { status: 201, body: created },
      'PUT /cohortinfo/40': { status: 204 },
    });
    const { user } = renderWithProviders(<CohortLinksForm cohort={cohortOf(72)} />);
    await user.type(
      screen.getByLabelText('Attendance Sheet URL:'),
      'https://docs.example.com/day-72',
    );
    await user.click(screen.getByRole('button', { name: 'Save URLs' }));
    const saved = await toastOf('Day Cohort 72: links saved.');
    await user.click(within(saved).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Day Cohort 72: links put back.')).toBeInTheDocument();
    const writes = net.writes();
    expect(writes.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /cohortinfo',
      'PUT /cohortinfo/40',
    ]);
    expect(writes[1]?.body).toEqual({
      attendance_sheet_url: '',
      student_organization_url: '',
      client_course_url: '',
      server_course_url: '',
    });
  });

  it('leaves a cohort just joined, and goes back to the cohort worked in before', async () => {
    const net = fakeNetwork({
      'GET /cohorts': () => ({
        status: 200,
        body: [cohortOf(72, { is_instructor: 1 }), cohortOf(73)],
      }),
      'POST /cohorts/73/assign': { status: 201, body: { message: 'User assigned to cohort' } },
      'DELETE /cohorts/73/assign': { status: 204 },
    });
    const { user } = renderApp('/cohorts', { profile: staffProfile, token: 'staff-token' });
    const other = await screen.findByRole('group', { name: 'Day Cohort 73' });
    const workedIn = window.localStorage.getItem(STORAGE_KEYS.activeCohort);
    expect(workedIn).not.toBe('73');
    await user.click(within(other).getByRole('button', { name: 'Join' }));
    const joined = await toastOf('You joined Day Cohort 73');
    expect(window.localStorage.getItem(STORAGE_KEYS.activeCohort)).toBe('73');
    await user.click(within(joined).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('You left Day Cohort 73 again.')).toBeInTheDocument();
    expect(net.writes().map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /cohorts/73/assign',
      'DELETE /cohorts/73/assign',
    ]);
    await waitFor(() =>
      expect(window.localStorage.getItem(STORAGE_KEYS.activeCohort)).toBe(workedIn),
    );
  });

  it('removes a cohort just created', async () => {
    const created = cohortOf(80, { name: 'Day Cohort 80' });
    const net = fakeNetwork({
      'GET /courses': {
        status: 200,
        body: [
          { id: 3, name: 'JavaScript', date_created: '2026-01-01', active: true },
          { id: 4, name: 'Python', date_created: '2026-01-01', active: true },
        ],
      },
      'POST /cohorts': { status: 201, body: created },
      'GET /cohorts': { status: 200, body: [created] },
      'DELETE /cohorts/80': { status: 204 },
    });
    const { user } = renderApp('/cohorts/new', { profile: staffProfile, token: 'staff-token' });
    await user.type(await screen.findByLabelText(/^Cohort name/), 'Day Cohort 80');
    await user.type(screen.getByLabelText(/^Github Org URL/), 'https://github.com/day-cohort-80');
    await user.type(screen.getByLabelText(/^Instructor Slack Channel ID/), 'C080');
    fireEvent.change(screen.getByLabelText(/^Start date/), { target: { value: '2026-01-05' } });
    fireEvent.change(screen.getByLabelText(/^End date/), { target: { value: '2026-07-10' } });
    await user.click(
      within(screen.getByRole('region', { name: 'Client side' })).getByRole('button', {
        name: 'JavaScript',
      }),
    );
    await user.click(
      within(screen.getByRole('region', { name: 'Server side' })).getByRole('button', {
        name: 'Python',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const done = await toastOf('Day Cohort 80 created');
    await user.click(within(done).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Day Cohort 80 removed.')).toBeInTheDocument();
    expect(net.writes().map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /cohorts',
      'DELETE /cohorts/80',
    ]);
  });
});
