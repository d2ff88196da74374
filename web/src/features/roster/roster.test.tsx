import type { RosterImport, RosterRow } from '@lp/contract/roster';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session.ts';
import { type Call, fakeNetwork } from '@/test/fake-network.ts';
import { staffProfile } from '@/test/fixtures.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { ExportCsvButton, RosterImportButton } from './index.ts';

const HEADER = 'First name,Last name,GitHub login,Email';
const BAD = `${HEADER}\nGrace,Hopper,ghopper,grace@example\nAlan,Turing,aturing,alan@example.com\n`;
const GOOD = BAD.replace('grace@example\n', 'grace@example.com\n');

const countsOf = (rows: RosterRow[]) => ({
  created: rows.filter((row) => row.action === 'create').length,
  enrolled: rows.filter((row) => row.action === 'enrol').length,
  skipped: rows.filter((row) => row.action === 'skip').length,
  errors: rows.filter((row) => row.action === 'error').length,
});

/** A roster request's body, sent as the file's bytes, as text. */
const textOf = (call: Call) => new TextDecoder().decode(call.body as Uint8Array);

/** What the server answers for a file: the bad email is an error, the rest create and enrol. */
function roster(call: Call) {
  const csv = textOf(call);
  const rows: RosterRow[] = [
    csv.includes('grace@example\n')
      ? { line: 2, action: 'error', message: "Email 'grace@example' is not an email address." }
      : { line: 2, action: 'create', message: 'New account for Grace Hopper (ghopper).' },
    { line: 3, action: 'enrol', message: 'Alan Turing has an account and joins Day Cohort 5.' },
  ];
  const applied = !call.query.has('dry_run');
  const answer: RosterImport = {
    applied,
    import_id: applied ? 41 : null,
    rows,
    counts: countsOf(rows),
    encoding: 'UTF-8',
  };
  if (answer.applied && answer.counts.errors > 0)
    return { status: 422, body: { message: 'Nothing was imported: 1 line has an error.', rows } };
  return { status: 200, body: answer };
}

let network: ReturnType<typeof fakeNetwork>;
beforeEach(() => {
  setSession({ token: 'staff-token', profile: staffProfile });
  network = fakeNetwork({
    'POST /cohorts/5/roster': roster,
    'POST /cohorts/5/roster/41/undo': {
      status: 200,
      body: { message: 'Removed 2 learners from Day Cohort 5 again', removed: 2 },
    },
  });
});
// The anchor's click is spied on per test; globals are unstubbed by the config.
afterEach(() => vi.restoreAllMocks());

const csvFile = (text: string) => new File([text], 'roster.csv', { type: 'text/csv' });

async function openDialog() {
  const view = renderWithProviders(<RosterImportButton cohortId={5} cohortName="Day Cohort 5" />);
  await view.user.click(screen.getByRole('button', { name: 'Import roster' }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Import roster' }) };
}

describe('Roster import', () => {
  it('previews the file, refuses to apply while a line has an error, then applies the fixed file and can undo it', async () => {
    const { user, dialog } = await openDialog();
    const apply = within(dialog).getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();

    await user.upload(within(dialog).getByLabelText('Roster file'), csvFile(BAD));
    const error = await within(dialog).findByRole('row', { name: /is not an email address/ });
    expect(error).toHaveClass('is-error');
    expect(within(error).getByText('Error')).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: /joins Day Cohort 5/ })).not.toHaveClass(
      'is-error',
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      '0 new, 1 to enrol, 0 already in, 1 error',
    );
    expect(apply).toBeDisabled();
    const preview = network.calls.at(-1);
    expect(preview?.url).toBe('/cohorts/5/roster?dry_run=true');
    expect(preview?.headers.get('content-type')).toBe('text/csv');
    expect(preview?.headers.get('authorization')).toBe('Token staff-token');
    expect(textOf(preview as Call)).toBe(BAD);
    expect(within(dialog).queryByText(/^Read as/)).not.toBeInTheDocument();

    await user.upload(within(dialog).getByLabelText('Roster file'), csvFile(GOOD));
    await within(dialog).findByRole('row', { name: /New account for Grace Hopper/ });
    expect(apply).toBeEnabled();
    await user.click(apply);

    expect(await screen.findByText('Added 1 learner, enrolled 1')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(network.writes().at(-1)).toMatchObject({ method: 'POST', path: '/cohorts/5/roster' });
    expect(textOf(network.calls.at(-1) as Call)).toBe(GOOD);

    const applied = screen.getByText('Added 1 learner, enrolled 1').closest('li');
    await user.click(within(applied as HTMLElement).getByRole('button', { name: 'Undo' }));
    expect(
      await screen.findByText('Removed 2 learners from Day Cohort 5 again'),
    ).toBeInTheDocument();
    expect(network.writes().at(-1)).toMatchObject({ path: '/cohorts/5/roster/41/undo' });
  });

  it('shows the lines of a refused apply when the roster changed in between', async () => {
    const { user, dialog } = await openDialog();
    const bytes = (text: string) => new TextEncoder().encode(text);
    network.answer('POST /cohorts/5/roster', (call) =>
      call.query.has('dry_run')
        ? roster({ ...call, body: bytes(GOOD) })
        : roster({ ...call, body: bytes(BAD) }),
    );
    await user.upload(within(dialog).getByLabelText('Roster file'), csvFile(GOOD));
    await user.click(await within(dialog).findByRole('button', { name: 'Apply' }));

    expect(
      await screen.findByText('Nothing was imported: 1 line has an error.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: /is not an email address/ })).toHaveClass(
      'is-error',
    );
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('sends the file as its bytes and says when the server read it in another encoding than UTF-8', async () => {
    // 'René' as Excel's plain CSV saves it on Windows: é is the one byte 0xE9.
    const windows1252 = Uint8Array.from(
      [...`${HEADER}\nRené,Dupont,rdupont,rene@example.com\n`],
      (char) => char.charCodeAt(0),
    );
    network.answer('POST /cohorts/5/roster', (call) => {
      const sent = call.body as Uint8Array;
      const rows: RosterRow[] = [
        sent.includes(0xe9)
          ? { line: 2, action: 'create', message: 'New account for René Dupont (rdupont).' }
          : { line: 2, action: 'error', message: 'First name holds a replacement character.' },
      ];
      const preview: RosterImport = {
        applied: false,
        import_id: null,
        rows,
        counts: countsOf(rows),
        encoding: 'Windows-1252',
      };
      return { status: 200, body: preview };
    });
    const { user, dialog } = await openDialog();

    await user.upload(
      within(dialog).getByLabelText('Roster file'),
      new File([windows1252], 'roster.csv', { type: 'text/csv' }),
    );

    expect(
      await within(dialog).findByText(
        'Read as Windows-1252, as the file is not in UTF-8: check that the names below look right.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: /New account for René Dupont/ })).toBeVisible();
    expect(network.calls.at(-1)?.body).toEqual(windows1252);
  });

  it('says why a file is refused whole', async () => {
    const { user, dialog } = await openDialog();
    network.answer('POST /cohorts/5/roster', {
      status: 400,
      body: { message: "The header row has no 'Email' column." },
    });
    await user.upload(within(dialog).getByLabelText('Roster file'), csvFile('a,b\n'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "The header row has no 'Email' column.",
    );
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });
});

describe('Export CSV', () => {
  it("downloads the cohort's progress with the session's token under the server's file name", async () => {
    network.answer('GET /cohorts/5/progress.csv', {
      status: 200,
      body: '\uFEFFName\r\nAda\r\n',
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="day-cohort-5-progress-2026-01-05.csv"',
      },
    });
    const createObjectURL = vi.fn(() => 'blob:progress');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderWithProviders(<ExportCsvButton cohortId={5} />);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(
      await screen.findByText('Downloaded day-cohort-5-progress-2026-01-05.csv'),
    ).toBeInTheDocument();
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('day-cohort-5-progress-2026-01-05.csv');
    expect(link.href).toBe('blob:progress');
    expect(network.calls.at(-1)?.headers.get('authorization')).toBe('Token staff-token');
  });

  it('says why the export failed', async () => {
    network.answer('GET /cohorts/5/progress.csv', {
      status: 404,
      body: { message: 'Cohort not found.' },
    });
    const { user } = renderWithProviders(<ExportCsvButton cohortId={5} />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Cohort not found.')).toBeInTheDocument();
  });
});
