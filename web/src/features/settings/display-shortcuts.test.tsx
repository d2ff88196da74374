import { Theme } from '@radix-ui/themes';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSetting } from '@/lib/settings.ts';
import { useSettings } from '@/lib/use-settings.ts';
import { Toaster } from '@/ui/toasts/toaster.tsx';
import { useDisplayShortcuts } from './use-display-shortcuts.ts';

function Board() {
  useDisplayShortcuts();
  const { tags, avatars } = useSettings();
  return (
    <Theme>
      <p>{tags ? 'Tags visible' : 'Tags invisible'}</p>
      <p>{avatars ? 'Avatars visible' : 'Avatars invisible'}</p>
      <input aria-label="Search learners" />
      <Toaster />
    </Theme>
  );
}

const press = (key: string, target: Element = document.body) => {
  act(() => {
    fireEvent.keyDown(target, { key });
  });
};

describe('two-key shortcuts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("'t g' within a second hides the tags and says so", () => {
    render(<Board />);
    press('t');
    act(() => vi.advanceTimersByTime(900));
    press('g');
    expect(screen.getByText('Tags invisible')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Tags hidden');
    press('t');
    press('g');
    expect(screen.getByText('Tags visible')).toBeInTheDocument();
  });

  it("'t a' toggles the avatars", () => {
    render(<Board />);
    press('t');
    press('a');
    expect(screen.getByText('Avatars invisible')).toBeInTheDocument();
    expect(screen.getByText('Tags visible')).toBeInTheDocument();
  });

  it('does nothing when the second key comes after more than a second', () => {
    render(<Board />);
    press('t');
    act(() => vi.advanceTimersByTime(1001));
    press('g');
    expect(screen.getByText('Tags visible')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('does nothing while typing in a text field', () => {
    render(<Board />);
    const search = screen.getByRole('textbox', { name: 'Search learners' });
    press('t', search);
    press('a', search);
    press('t', search);
    press('g', search);
    expect(screen.getByText('Tags visible')).toBeInTheDocument();
    expect(screen.getByText('Avatars visible')).toBeInTheDocument();
  });

  it('needs the two keys in order, with nothing in between', () => {
    render(<Board />);
    press('g');
    press('t');
    press('x');
    press('g');
    expect(screen.getByText('Tags visible')).toBeInTheDocument();
  });

  it('does nothing once the shortcuts are turned off in Settings, and works again once on', () => {
    render(<Board />);
    act(() => setSetting('shortcuts', false));
    press('t');
    press('g');
    expect(screen.getByText('Tags visible')).toBeInTheDocument();
    act(() => setSetting('shortcuts', true));
    press('t');
    press('g');
    expect(screen.getByText('Tags invisible')).toBeInTheDocument();
  });
});
