import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffProfile } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

afterEach(() => {
  vi.useRealTimers();
});

// The spec: 'Tooltip hover delay on icons: 750 ms.'
const SPEC_DELAY_MS = 750;

describe('navbar icons', () => {
  it("name themselves in a tooltip after the spec's hover delay, not before", async () => {
    renderApp('/cohorts', { profile: staffProfile, token: 'tok' });
    const logOut = await screen.findByRole('button', { name: 'Log out' });
    vi.useFakeTimers();
    fireEvent.pointerMove(logOut);
    act(() => {
      vi.advanceTimersByTime(SPEC_DELAY_MS - 100);
    });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Log out');
  });
});
