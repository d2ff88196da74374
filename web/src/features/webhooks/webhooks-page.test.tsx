import type { Webhook } from '@lp/contract/webhooks';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { renderWithProviders } from '@/test/render.tsx';
import WebhooksPage from './webhooks-page.tsx';

const lmsHook: Webhook = {
  id: 3,
  url: 'https://lms.example.edu/hooks',
  events: ['learner.moved', 'learner.enrolled'],
  created_at: '2026-11-20T10:00:00.000Z',
  deleted_at: null,
};

const page = () => renderWithProviders(<WebhooksPage />);

describe('the webhooks page', () => {
  it('adds a webhook for the chosen events and shows its signing secret once', async () => {
    let hooks: Webhook[] = [];
    const network = fakeNetwork({
      'GET /webhooks': () => ({ status: 200, body: hooks }),
      'POST /webhooks': () => {
        hooks = [lmsHook];
        return { status: 201, body: { ...lmsHook, secret: 'lpwh_shown_once' } };
      },
    });
    page();
    expect(await screen.findByText('No webhooks yet')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /URL/ }), lmsHook.url);
    await userEvent.click(screen.getByRole('checkbox', { name: /A learner enrolled/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    const secret = await screen.findByRole('region', { name: "New webhook's signing secret" });
    expect(within(secret).getByText('lpwh_shown_once')).toBeTruthy();
    expect(network.calls.find((call) => call.method === 'POST')?.body).toEqual({
      url: lmsHook.url,
      events: ['learner.moved', 'learner.enrolled'],
    });
    expect(await screen.findByRole('row', { name: /lms\.example\.edu.*Active/ })).toBeTruthy();
  });

  it("puts a refused address's reason on the URL field, with the focus", async () => {
    fakeNetwork({
      'GET /webhooks': { status: 200, body: [] },
      'POST /webhooks': {
        status: 400,
        body: {
          message: 'url: 10.0.0.5 is not a public address; webhooks go to public addresses only.',
        },
      },
    });
    page();
    await screen.findByText('No webhooks yet');
    const url = screen.getByRole('textbox', { name: /URL/ });
    await userEvent.type(url, 'http://10.0.0.5/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText(/10\.0\.0\.5 is not a public address/)).toBeTruthy();
    expect(document.activeElement).toBe(url);
  });

  it('deletes a webhook after asking, and Undo restores it', async () => {
    let hooks = [lmsHook];
    const network = fakeNetwork({
      'GET /webhooks': () => ({ status: 200, body: hooks }),
      'DELETE /webhooks/3': () => {
        hooks = [{ ...lmsHook, deleted_at: '2026-11-28T08:00:00.000Z' }];
        return { status: 200, body: hooks[0] };
      },
      'POST /webhooks/3/restore': () => {
        hooks = [lmsHook];
        return { status: 200, body: lmsHook };
      },
    });
    page();
    const row = await screen.findByRole('row', { name: /lms\.example\.edu/ });
    await userEvent.click(within(row).getByRole('button', { name: /Delete the webhook/ }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete webhook',
      }),
    );
    expect(await screen.findByRole('row', { name: /Deleted/ })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(`Restored the webhook to ${lmsHook.url}`)).toBeTruthy();
    expect(network.calls.some((call) => call.path.endsWith('/restore'))).toBe(true);
    expect(await screen.findByRole('row', { name: /Active/ })).toBeTruthy();
  });

  it("lists a webhook's deliveries with their status and last answer", async () => {
    fakeNetwork({
      'GET /webhooks': { status: 200, body: [lmsHook] },
      'GET /webhooks/3/deliveries': {
        status: 200,
        body: [
          {
            id: 12,
            event: 'learner.moved',
            status: 'failed',
            attempts: 1,
            last_status: 410,
            last_answer: 'Gone',
            created_at: '2026-11-27T03:00:00.000Z',
            delivered_at: null,
          },
        ],
      },
    });
    page();
    await userEvent.click(await screen.findByRole('button', { name: /Deliveries to/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Deliveries' });
    expect(
      await within(dialog).findByRole('row', { name: /learner\.moved failed 1 410 Gone/ }),
    ).toBeTruthy();
  });
});
