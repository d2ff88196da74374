import type { LtiContext, LtiPlatform, LtiTool } from '@lp/contract/lti';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import LmsPage from './lms-page.tsx';

const tool: LtiTool = {
  login_url: 'https://lp.school.example/api/lti/login',
  launch_url: 'https://lp.school.example/api/lti/launch',
  jwks_url: 'https://lp.school.example/api/lti/jwks',
  keys: [{ kid: 'key-one', created_at: '2026-11-20T10:00:00.000Z', retired_at: null }],
};

const canvas: LtiPlatform = {
  id: 4,
  name: 'Canvas',
  issuer: 'https://canvas.instructure.com',
  client_id: '10000000000001',
  authorization_endpoint: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
  token_endpoint: 'https://sso.canvaslms.com/login/oauth2/token',
  jwks_url: 'https://sso.canvaslms.com/api/lti/security/jwks',
  deployment_ids: ['1:abc', '2:def'],
  created_at: '2026-11-20T10:00:00.000Z',
  deleted_at: null,
};

const course: LtiContext = {
  id: 7,
  platform_id: 4,
  platform_name: 'Canvas',
  context_id: 'course-101',
  title: 'Web Development 101',
  cohort_id: null,
  cohort_name: null,
  has_roster: true,
  takes_grades: true,
  last_launch_at: '2026-11-27T15:00:00.000Z',
};

const cohorts = [
  { id: 70, name: 'Day Cohort 70' },
  { id: 71, name: 'Evening Cohort 71' },
];

const page = () => renderWithProviders(<LmsPage />);

describe('the LMS page', () => {
  it('shows what to register on the LMS side and rotates the signing key after asking', async () => {
    let current = tool;
    const network = fakeNetwork({
      'GET /lti/tool': () => ({ status: 200, body: current }),
      'GET /lti/platforms': { status: 200, body: [] },
      'GET /lti/contexts': { status: 200, body: [] },
      'GET /cohorts': { status: 200, body: cohorts },
      'GET /lti/identities': { status: 200, body: [] },
      'POST /lti/tool/keys/rotate': () => {
        current = {
          ...tool,
          keys: [
            { kid: 'key-two', created_at: '2026-11-28T10:00:00.000Z', retired_at: null },
            {
              ...tool.keys[0],
              kid: 'key-one',
              retired_at: '2026-11-28T10:00:00.000Z',
            } as LtiTool['keys'][number],
          ],
        };
        return { status: 200, body: current };
      },
    });
    page();
    expect(await screen.findByText(tool.login_url)).toBeTruthy();
    expect(screen.getByText(tool.launch_url)).toBeTruthy();
    expect(screen.getByText(tool.jwks_url)).toBeTruthy();
    expect(screen.getByText('No platforms yet')).toBeTruthy();
    expect(screen.getByText('No LMS courses yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Rotate key' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rotate key' }),
    );
    expect(await screen.findByText('A new signing key (key-two) signs from now on')).toBeTruthy();
    expect(await screen.findByText(/key-one retired/)).toBeTruthy();
    expect(network.calls.some((call) => call.path === '/lti/tool/keys/rotate')).toBe(true);
  });

  it('registers a platform with its deployment ids, and Undo deletes it again', async () => {
    let platforms: LtiPlatform[] = [];
    const network = fakeNetwork({
      'GET /lti/tool': { status: 200, body: tool },
      'GET /lti/platforms': () => ({ status: 200, body: platforms }),
      'GET /lti/contexts': { status: 200, body: [] },
      'GET /cohorts': { status: 200, body: cohorts },
      'GET /lti/identities': { status: 200, body: [] },
      'POST /lti/platforms': () => {
        platforms = [canvas];
        return { status: 201, body: canvas };
      },
      'DELETE /lti/platforms/4': () => {
        platforms = [];
        return { status: 200, body: { ...canvas, deleted_at: '2026-11-28T10:00:00.000Z' } };
      },
    });
    page();
    await screen.findByText('No platforms yet');
    const form = screen.getByRole('form', { name: 'Register a platform' });
    const type = (name: RegExp, text: string) =>
      userEvent.type(within(form).getByRole('textbox', { name }), text);
    await type(/^Name/, canvas.name);
    await type(/^Issuer/, canvas.issuer);
    await type(/^Client ID/, canvas.client_id);
    await type(/^Authorization endpoint/, canvas.authorization_endpoint);
    await type(/^Token endpoint/, canvas.token_endpoint);
    await type(/^JWKS URL/, canvas.jwks_url);
    await type(/^Deployment IDs/, '1:abc\n2:def, 1:abc');
    await userEvent.click(within(form).getByRole('button', { name: 'Register platform' }));
    expect(await screen.findByRole('row', { name: /Canvas.*1:abc, 2:def/ })).toBeTruthy();
    const { id, created_at, deleted_at, ...body } = canvas;
    expect(network.calls.find((call) => call.method === 'POST')?.body).toEqual(body);
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('No platforms yet')).toBeTruthy();
    expect(network.calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('says which fields are missing, with the focus on the first', async () => {
    fakeNetwork({
      'GET /lti/tool': { status: 200, body: tool },
      'GET /lti/platforms': { status: 200, body: [] },
      'GET /lti/contexts': { status: 200, body: [] },
      'GET /cohorts': { status: 200, body: cohorts },
      'GET /lti/identities': { status: 200, body: [] },
    });
    page();
    await screen.findByText('No platforms yet');
    await userEvent.click(screen.getByRole('button', { name: 'Register platform' }));
    expect(await screen.findByText('Give the name.')).toBeTruthy();
    expect(screen.getByText('Give at least one deployment id.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Name/ }));
  });

  it("links an LMS course to a cohort, and Undo puts the course's earlier link back", async () => {
    let current = course;
    const network = fakeNetwork({
      'GET /lti/tool': { status: 200, body: tool },
      'GET /lti/platforms': { status: 200, body: [canvas] },
      'GET /lti/contexts': () => ({ status: 200, body: [current] }),
      'GET /cohorts': { status: 200, body: cohorts },
      'GET /lti/identities': { status: 200, body: [] },
      'PUT /lti/contexts/7/cohort': (call) => {
        const cohortId = (call.body as { cohort_id: number | null }).cohort_id;
        current = {
          ...course,
          cohort_id: cohortId,
          cohort_name: cohorts.find((cohort) => cohort.id === cohortId)?.name ?? null,
        };
        return { status: 200, body: current };
      },
    });
    page();
    const select = await screen.findByRole('combobox', { name: 'Cohort of Web Development 101' });
    await screen.findByRole('option', { name: 'Day Cohort 70' });
    await userEvent.selectOptions(select, 'Day Cohort 70');
    expect(await screen.findByText('Linked Web Development 101 to Day Cohort 70')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('Undone: Web Development 101 is linked to no cohort'),
    ).toBeTruthy();
    const puts = network.calls.filter((call) => call.method === 'PUT').map((call) => call.body);
    expect(puts).toEqual([{ cohort_id: 70 }, { cohort_id: null }]);
    expect((select as HTMLSelectElement).value).toBe('');
  });

  it("syncs a linked course's learners from the LMS: preview, apply, then Undo", async () => {
    const linked = { ...course, cohort_id: 70, cohort_name: 'Day Cohort 70' };
    const rows = [
      { line: 1, action: 'create', message: 'New account for Ada Lovelace (ada@school.example).' },
      {
        line: 2,
        action: 'enrol',
        message: 'Linus Torvalds has an account and joins Day Cohort 70.',
      },
    ];
    const counts = { created: 1, enrolled: 1, skipped: 0, errors: 0 };
    const network = fakeNetwork({
      'GET /lti/tool': { status: 200, body: tool },
      'GET /lti/platforms': { status: 200, body: [canvas] },
      'GET /lti/contexts': { status: 200, body: [linked] },
      'GET /cohorts': { status: 200, body: cohorts },
      'GET /lti/identities': { status: 200, body: [] },
      'POST /lti/contexts/7/roster': (call) => {
        const dryRun = call.query.get('dry_run') === 'true';
        return {
          status: 200,
          body: {
            applied: !dryRun,
            import_id: dryRun ? null : 99,
            rows,
            counts,
            encoding: 'UTF-8',
          },
        };
      },
      'POST /cohorts/70/roster/99/undo': {
        status: 200,
        body: { message: 'Removed 2 learners from Day Cohort 70 again', removed: 2 },
      },
    });
    page();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sync roster of Web Development 101' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sync roster from the LMS' });
    expect(
      await within(dialog).findByText('1 new, 1 to enrol, 0 already in, 0 errors'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('row', { name: /New account for Ada Lovelace/ })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Added 1 learner, enrolled 1')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Removed 2 learners from Day Cohort 70 again')).toBeTruthy();
    const syncs = network.calls.filter((call) => call.path === '/lti/contexts/7/roster');
    expect(syncs.map((call) => call.query.get('dry_run'))).toContain(null);
  });

  it('links an LMS user to an existing account by user name, and Undo links them back', async () => {
    const ada = {
      id: 5,
      issuer: canvas.issuer,
      subject: 'ada-sub',
      person_id: 30,
      name: 'Ada New',
      username: 'ada.new',
      is_staff: false,
      linked_by_staff: false,
      created_at: '2026-11-27T15:00:00.000Z',
    };
    let current = ada;
    const network = fakeNetwork({
      'GET /lti/tool': { status: 200, body: tool },
      'GET /lti/platforms': { status: 200, body: [canvas] },
      'GET /lti/contexts': { status: 200, body: [] },
      'GET /cohorts': { status: 200, body: cohorts },
      'GET /lti/identities': () => ({ status: 200, body: [current] }),
      'PUT /lti/identities/5/person': (call) => {
        const { username } = call.body as { username: string };
        current =
          username === 'ada'
            ? { ...ada, person_id: 12, name: 'Ada Lovelace', username, linked_by_staff: true }
            : { ...ada, linked_by_staff: true };
        return { status: 200, body: current };
      },
    });
    page();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Link LMS user ada-sub to another account' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Link to an existing account' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /User name/ }), 'ada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('LMS user ada-sub signs in as Ada Lovelace (ada)')).toBeTruthy();
    expect(await screen.findByRole('row', { name: /Ada Lovelace.*ada-sub.*Staff/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('Undone: LMS user ada-sub signs in as Ada New (ada.new)'),
    ).toBeTruthy();
    const puts = network.calls.filter((call) => call.method === 'PUT').map((call) => call.body);
    expect(puts).toEqual([{ username: 'ada' }, { username: 'ada.new' }]);
  });
});
