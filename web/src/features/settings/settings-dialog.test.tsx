import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { staffProfile, studentProfile } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';
import { systemColorScheme } from '@/test/system-color-scheme.ts';

const signedInStaff = { profile: staffProfile, token: 'tok' };

/** The scheme the app shows: the root Radix theme's class, the same on <html>. */
function shownScheme() {
  const theme = document.querySelector('.radix-themes[data-is-root-theme="true"]');
  const scheme = theme?.classList.contains('dark') ? 'dark' : 'light';
  expect(theme?.classList.contains(scheme === 'dark' ? 'light' : 'dark')).toBe(false);
  expect(document.documentElement.classList.contains(scheme)).toBe(true);
  return scheme;
}

async function openSettings(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Settings' }));
  return screen.findByRole('dialog', { name: 'User Settings' });
}

describe('settings dialog', () => {
  it('switches to the student interface and back, the label naming the target', async () => {
    const mimicProfile = {
      ...studentProfile,
      staff: true,
      name: 'Ada Coach',
      first_name: 'Ada',
      last_name: 'Coach',
    };
    const network = fakeNetwork({ 'GET /profile': { status: 200, body: mimicProfile } });
    const { user } = renderApp('/', signedInStaff);
    await openSettings(user);
    await user.click(screen.getByRole('button', { name: 'Student Interface' }));

    expect(await screen.findByRole('link', { name: 'Capstones' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Teams' })).not.toBeInTheDocument();
    expect(await screen.findByText('Ada Coach')).toBeInTheDocument();
    expect(network.calls.map((call) => call.url)).toContain('/profile?mimic=true');

    await openSettings(user);
    await user.click(screen.getByRole('button', { name: 'Instructor Interface' }));
    expect(await screen.findByRole('link', { name: 'Teams' })).toBeInTheDocument();
  });

  it('closes with Escape', async () => {
    const { user } = renderApp('/', signedInStaff);
    await openSettings(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("closes with the '[ close ]' control", async () => {
    const { user } = renderApp('/', signedInStaff);
    await openSettings(user);
    await user.click(screen.getByRole('button', { name: '[ close ]' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('turns tags and avatars display off and remembers it', async () => {
    const { user } = renderApp('/', signedInStaff);
    await openSettings(user);
    const tags = screen.getByRole('switch', { name: /Show tags/ });
    const avatars = screen.getByRole('switch', { name: /Show avatars/ });
    expect(tags).toBeChecked();
    await user.click(tags);
    await user.click(avatars);
    expect(tags).not.toBeChecked();
    expect(avatars).not.toBeChecked();
    expect(JSON.parse(window.localStorage.getItem('lp_settings') ?? '{}')).toMatchObject({
      tags: false,
      avatars: false,
    });
  });

  it('turns the two-letter shortcuts off: t g no longer hides the tags', async () => {
    const { user } = renderApp('/', signedInStaff);
    await openSettings(user);
    const shortcuts = screen.getByRole('switch', { name: /Keyboard shortcuts/ });
    expect(shortcuts).toBeChecked();
    await user.click(shortcuts);
    expect(shortcuts).not.toBeChecked();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.keyboard('tg');
    expect(screen.queryByText('Tags hidden')).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('lp_settings') ?? '{}')).toMatchObject({
      shortcuts: false,
    });
  });

  it('follows the system by default, and Light or Dark overrides it at once and is remembered', async () => {
    const system = systemColorScheme('dark');
    const { user, unmount } = renderApp('/', signedInStaff);
    await openSettings(user);
    expect(screen.getByRole('radiogroup', { name: 'Appearance' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(shownScheme()).toBe('dark');
    act(() => system.set('light'));
    await waitFor(() => expect(shownScheme()).toBe('light'));

    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    await waitFor(() => expect(shownScheme()).toBe('dark'));
    // The open dialog is a theme of its own (a portal): it turns with the page.
    expect(screen.getByRole('dialog').closest('.radix-themes')).toHaveClass('dark');
    expect(JSON.parse(window.localStorage.getItem('lp_settings') ?? '{}')).toMatchObject({
      appearance: 'dark',
    });

    // Remembered in this browser: the next visit starts dark, whatever the system says.
    unmount();
    const next = renderApp('/', signedInStaff);
    await openSettings(next.user);
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(shownScheme()).toBe('dark');
    await next.user.click(screen.getByRole('radio', { name: 'Light' }));
    await waitFor(() => expect(shownScheme()).toBe('light'));
    act(() => system.set('dark'));
    expect(shownScheme()).toBe('light');
    await next.user.click(screen.getByRole('radio', { name: 'System' }));
    await waitFor(() => expect(shownScheme()).toBe('dark'));
  });
});
