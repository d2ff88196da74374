import { Theme } from '@radix-ui/themes';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast-store.ts';
import { Toaster } from './toaster.tsx';

const renderToaster = () =>
  render(
    <Theme>
      <Toaster />
    </Theme>,
  );

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a message for 8 s by default, then fades out for 300 ms and is gone', () => {
    renderToaster();
    act(() => {
      toast.show('Cohort updated');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Cohort updated');
    const shown = screen.getByRole('listitem');
    wait(7999);
    expect(shown).toHaveAttribute('data-state', 'open');
    wait(1);
    expect(screen.getByText('Cohort updated')).toBeInTheDocument();
    expect(shown).toHaveAttribute('data-state', 'closed');
    wait(300);
    expect(screen.queryByText('Cohort updated')).not.toBeInTheDocument();
  });

  it('honours short, normal and custom durations', () => {
    renderToaster();
    act(() => {
      toast.show('Short one', { duration: 'short' });
      toast.show('Normal one', { duration: 'normal' });
      toast.show('Custom one', { duration: 6000 });
    });
    wait(2300);
    expect(screen.queryByText('Short one')).not.toBeInTheDocument();
    expect(screen.getByText('Normal one')).toBeInTheDocument();
    wait(2000);
    expect(screen.queryByText('Normal one')).not.toBeInTheDocument();
    expect(screen.getByText('Custom one')).toBeInTheDocument();
    wait(2000);
    expect(screen.queryByText('Custom one')).not.toBeInTheDocument();
  });

  it('announces errors and warnings urgently, and colours each type', () => {
    renderToaster();
    act(() => {
      toast.show('Could not assign student to that project.', { type: 'error' });
      toast.show('Student transferred', { type: 'done' });
      toast.show('Self-assessment not complete.', { type: 'warning' });
    });
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((item) => item.textContent)).toEqual([
      'Could not assign student to that project.',
      'Self-assessment not complete.',
    ]);
    const colours = screen
      .getAllByRole('listitem')
      .map((item) => [item.textContent, item.getAttribute('data-accent-color')]);
    expect(colours).toEqual([
      ['Could not assign student to that project.', 'red'],
      ['Student transferred', 'green'],
      ['Self-assessment not complete.', 'amber'],
    ]);
  });

  it('shows a title and runs its action once, closing the toast', () => {
    renderToaster();
    const undo = vi.fn();
    act(() => {
      toast.show('Note deleted', {
        title: 'Done',
        type: 'info',
        action: { label: 'Undo', onClick: undo },
      });
    });
    expect(screen.getByText('Done')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    wait(300);
    expect(screen.queryByText('Note deleted')).not.toBeInTheDocument();
  });

  it('can be dismissed, and stays while the pointer rests on it', () => {
    renderToaster();
    act(() => {
      toast.show('Hover me', { duration: 'short' });
      toast.show('Close me');
    });
    fireEvent.mouseEnter(screen.getByText('Hover me').closest('li') as HTMLElement);
    wait(5000);
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    const close = screen.getAllByRole('button', { name: 'Dismiss notification' })[1] as HTMLElement;
    fireEvent.click(close);
    wait(300);
    expect(screen.queryByText('Close me')).not.toBeInTheDocument();
  });

  it('keeps the newest kept toast with an action until a newer one comes', () => {
    renderToaster();
    act(() => {
      toast.show('Moved to Flowers', { action: { label: 'Undo', onClick: () => {} }, keep: true });
    });
    wait(60_000);
    expect(screen.getByText('Moved to Flowers')).toBeInTheDocument();
    act(() => {
      toast.show('Moved to Toys', { action: { label: 'Undo', onClick: () => {} }, keep: true });
    });
    wait(8300);
    expect(screen.queryByText('Moved to Flowers')).not.toBeInTheDocument();
    expect(screen.getByText('Moved to Toys')).toBeInTheDocument();
  });

  it('focuses the latest Undo on F8, and gives focus back on Escape', () => {
    renderToaster();
    const before = document.createElement('button');
    document.body.append(before);
    before.focus();
    act(() => {
      toast.show('Tag removed', { action: { label: 'Undo', onClick: () => {} }, keep: true });
      toast.show('Saved');
    });
    fireEvent.keyDown(document, { key: 'F8' });
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toHaveFocus();
    expect(undo).toHaveAccessibleDescription('Tag removed');
    fireEvent.keyDown(undo, { key: 'Escape' });
    wait(0);
    expect(before).toHaveFocus();
    expect(screen.getByText('Tag removed')).toBeInTheDocument();
    before.remove();
  });

  it('runs the focused Undo and goes back; a toast left by focus goes soon after', () => {
    renderToaster();
    const before = document.createElement('button');
    document.body.append(before);
    before.focus();
    const undo = vi.fn();
    act(() => {
      toast.show('Note deleted', { action: { label: 'Undo', onClick: () => {} }, keep: true });
      toast.show('Moved', { action: { label: 'Undo', onClick: undo }, keep: true });
    });
    fireEvent.keyDown(document, { key: 'F8' });
    const latest = screen.getAllByRole('button', { name: 'Undo' })[1] as HTMLElement;
    expect(latest).toHaveAccessibleDescription('Moved');
    fireEvent.click(latest);
    expect(undo).toHaveBeenCalledTimes(1);
    wait(0);
    expect(before).toHaveFocus();

    act(() => {
      toast.show('Tag removed', { action: { label: 'Undo', onClick: () => {} }, keep: true });
    });
    fireEvent.keyDown(document, { key: 'F8' });
    expect(screen.getAllByRole('button', { name: 'Undo' }).at(-1)).toHaveFocus();
    act(() => before.focus());
    wait(1800);
    expect(screen.queryByText('Tag removed')).not.toBeInTheDocument();
    before.remove();
  });
});
