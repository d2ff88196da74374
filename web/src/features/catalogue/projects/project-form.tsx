import { Checkbox, Flex, Heading, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormField, showFieldErrors } from '@/ui/form-field.tsx';
import { FormActions } from '../components/catalogue-ui.tsx';
import {
  type ProjectFields,
  type ProjectFormErrors,
  type ProjectFormValues,
  projectFields,
  showsApiTemplate,
  showsClientTemplate,
  stripApostrophes,
  validateProject,
} from './project-form-model.ts';

type TextKey = 'name' | 'index' | 'implementationUrl' | 'clientTemplateUrl' | 'apiTemplateUrl';
type FlagKey = 'isGroupProject' | 'isFullStack' | 'active';

interface ProjectFormProps {
  title: ReactNode;
  initial: ProjectFormValues;
  saving: boolean;
  onSave: (fields: ProjectFields) => void;
  onCancel: () => void;
}

export function ProjectForm({ title, initial, saving, onSave, onCancel }: ProjectFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ProjectFormErrors>({});
  const [stripped, setStripped] = useState(false);

  const setText = (key: TextKey, raw: string) => {
    const clean = stripApostrophes(raw);
    if (clean !== raw) setStripped(true);
    setValues((current) => ({ ...current, [key]: clean }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const setFlag = (key: FlagKey, checked: boolean) =>
    setValues((current) => ({ ...current, [key]: checked }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateProject(values);
    showFieldErrors(event.currentTarget as HTMLFormElement, () => setErrors(found));
    if (Object.values(found).some(Boolean)) return;
    onSave(projectFields(values));
  }

  const field = (
    key: TextKey,
    label: string,
    props: { note?: string; type?: 'text' | 'number' | 'url' } = {},
  ) => (
    <FormField label={label} error={errors[key]} note={props.note}>
      {(control) => (
        <TextField.Root
          {...control}
          autoFocus={key === 'name'}
          type={props.type ?? 'text'}
          value={values[key]}
          onChange={(event) => setText(key, event.target.value)}
          {...(key === 'index' ? { min: 0, style: { width: '6rem' } } : {})}
          {...(key === 'name' ? { maxLength: 55, required: true } : {})}
        />
      )}
    </FormField>
  );

  const flag = (key: FlagKey, label: string) => (
    <Text as="label" size="2">
      <Flex gap="2" align="center">
        <Checkbox
          checked={values[key]}
          onCheckedChange={(checked) => setFlag(key, checked === true)}
        />
        {label}
      </Flex>
    </Text>
  );

  return (
    <form onSubmit={submit} className="lp-catalogue-form" noValidate>
      <Heading as="h2" size="5" mb="4">
        {title}
      </Heading>
      <Flex direction="column" gap="4">
        {field('name', 'Project name')}
        {field('index', 'Position in book', {
          type: 'number',
          note: 'First column project is 0. Second column is 1.',
        })}
        {field('implementationUrl', 'Implementation URL', { type: 'url' })}
        {flag('isGroupProject', 'Group project')}
        {flag('isFullStack', 'Full stack project?')}
        {showsClientTemplate(values) &&
          field('clientTemplateUrl', 'Client side template URL', { type: 'url' })}
        {showsApiTemplate(values) && field('apiTemplateUrl', 'API template URL', { type: 'url' })}
        {flag('active', 'Active')}
        {stripped && (
          <Text as="p" size="1" color="amber" role="status">
            Apostrophes are not allowed here and were removed.
          </Text>
        )}
        <FormActions saving={saving} onCancel={onCancel} />
      </Flex>
    </form>
  );
}
