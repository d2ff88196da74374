import { Button, TextField } from '@radix-ui/themes';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { AppDialog } from './app-dialog.tsx';

const open = (children: React.ReactNode) =>
  renderWithProviders(
    <AppDialog open onOpenChange={() => {}} title="A dialog">
      {children}
    </AppDialog>,
  );

describe('AppDialog', () => {
  it('opens a form on its first field, not on [ close ]', async () => {
    open(
      <>
        <Button>Pick a type</Button>
        <TextField.Root aria-label="Name" />
      </>,
    );
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('opens a dialog without fields on itself, not on an action or [ close ]', async () => {
    open(<Button color="red">Delete</Button>);
    expect(await screen.findByRole('dialog', { name: 'A dialog' })).toHaveFocus();
    expect(screen.getByRole('button', { name: '[ close ]' })).not.toHaveFocus();
  });
});
