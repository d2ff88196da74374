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
});
