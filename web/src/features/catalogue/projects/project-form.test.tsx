import { Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProjectForm } from './project-form.tsx';
import { EMPTY_PROJECT, type ProjectFormValues } from './project-form-model.ts';

function renderForm(initial: ProjectFormValues = EMPTY_PROJECT) {
  const onSave = vi.fn();
  const user = userEvent.setup();
  render(
    <Theme>
      <ProjectForm
        title="JS > Book 1 > New Project"
        initial={initial}
        saving={false}
        onSave={onSave}
        onCancel={() => {}}
      />
    </Theme>,
  );
  return { onSave, user };
}

describe('project form', () => {
  it('always offers Full stack project?, shows the client template URL for group projects and the API URL for full-stack ones', async () => {
    const { user } = renderForm();
    expect(screen.queryByLabelText('Client side template URL')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Full stack project?' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Group project' }));
    expect(screen.getByLabelText('Client side template URL')).toBeInTheDocument();
    expect(screen.queryByLabelText('API template URL')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Full stack project?' }));
    expect(screen.getByLabelText('API template URL')).toBeInTheDocument();
  });

  it('removes apostrophes as they are typed and says so', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Project name'), "Bob's Burgers");
    expect(screen.getByLabelText('Project name')).toHaveValue('Bobs Burgers');
    expect(screen.getByRole('status')).toHaveTextContent('Apostrophes are not allowed here');
  });

  it('requires a name and a position, and checks URLs', async () => {
    const { user, onSave } = renderForm({ ...EMPTY_PROJECT, index: '' });
    await user.type(screen.getByLabelText('Implementation URL'), 'github.com/x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText('Please give the project a name.')).toBeInTheDocument();
    expect(screen.getByText('The position is a whole number from 0.')).toBeInTheDocument();
    // The focus leaves the button for the first field in error, so the error is where one looks.
    expect(screen.getByLabelText('Project name')).toHaveFocus();
    expect(screen.getByLabelText('Implementation URL')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends every shown field and clears the URLs of hidden fields', async () => {
    const { user, onSave } = renderForm({
      ...EMPTY_PROJECT,
      name: 'Group: Honey Rae',
      index: '2',
      isGroupProject: true,
      isFullStack: true,
      clientTemplateUrl: 'https://github.com/t/client',
      apiTemplateUrl: 'https://github.com/t/api',
    });
    await user.click(screen.getByRole('checkbox', { name: 'Full stack project?' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({
      name: 'Group: Honey Rae',
      index: 2,
      implementation_url: '',
      is_group_project: true,
      is_full_stack: false,
      client_template_url: 'https://github.com/t/client',
      api_template_url: '',
      active: true,
    });
  });
});
