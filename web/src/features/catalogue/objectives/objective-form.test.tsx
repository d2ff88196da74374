import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render.tsx';
import { AddObjective } from './objective-form.tsx';

describe('the add-objective row', () => {
  it('names its fields on screen: Label, Weight and Tier', () => {
    renderWithProviders(<AddObjective />);
    const row = screen.getByRole('form', { name: 'Add a learning objective' });
    const fields = [
      ['Label', 'textbox', 'New objective label'],
      ['Weight', 'spinbutton', 'New objective weight'],
      ['Tier', 'spinbutton', 'New objective tier'],
    ] as const;
    for (const [shown, role, name] of fields) {
      expect(within(row).getByText(shown, { selector: 'label' })).toBeVisible();
      expect(within(row).getByRole(role, { name })).toBeInTheDocument();
    }
  });
});
