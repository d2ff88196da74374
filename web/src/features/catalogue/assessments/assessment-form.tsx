import type { Book } from '@lp/contract/books';
import type { Objective } from '@lp/contract/objectives';
import { Checkbox, Flex, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { isWebUrl } from '@/lib/urls.ts';
import { FormField, showFieldErrors } from '@/ui/form-field.tsx';
import { FormActions } from '../components/catalogue-ui.tsx';

export interface AssessmentFormValues {
  bookId: number;
  name: string;
  sourceURL: string;
  objectives: number[];
}

type Errors = Partial<Record<'bookId' | 'name' | 'sourceURL', string>>;

export function validateAssessment(values: AssessmentFormValues): Errors {
  const errors: Errors = {};
  if (!values.bookId) errors.bookId = 'Choose the book this self-assessment belongs to.';
  if (!values.name.trim()) errors.name = 'Please give the assessment a name.';
  if (!values.sourceURL.trim()) errors.sourceURL = 'The template repository URL is required.';
  else if (!isWebUrl(values.sourceURL))
    errors.sourceURL = 'Enter a full address starting with https://.';
  return errors;
}

interface AssessmentFormProps {
  editing: boolean;
  initial: AssessmentFormValues;
  books: Book[];
  objectives: Objective[];
  saving: boolean;
  onSave: (values: AssessmentFormValues) => void;
  onCancel: (bookId: number) => void;
}

export function AssessmentForm(props: AssessmentFormProps) {
  const { editing, initial, books, objectives, saving, onSave, onCancel } = props;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<AssessmentFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => ({
      ...current,
      ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])),
    }));
  };
  const toggle = (id: number, checked: boolean) =>
    setValues((current) => ({
      ...current,
      objectives: checked
        ? [...current.objectives, id]
        : current.objectives.filter((objective) => objective !== id),
    }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateAssessment(values);
    showFieldErrors(event.currentTarget as HTMLFormElement, () => setErrors(found));
    if (Object.values(found).some(Boolean)) return;
    onSave({ ...values, name: values.name.trim(), sourceURL: values.sourceURL.trim() });
  }

  return (
    <form onSubmit={submit} className="lp-catalogue-form" noValidate>
      <Flex direction="column" gap="4">
        <FormField label="Book" error={errors.bookId}>
          {(control) => (
            <select
              {...control}
              className="lp-native-select"
              value={values.bookId}
              onChange={(event) => set({ bookId: Number(event.target.value) })}
            >
              <option value={0}>Select book...</option>
              {books.map((book) => {
                const taken = book.has_assessment && book.id !== initial.bookId;
                return (
                  <option key={book.id} value={book.id} disabled={taken}>
                    {book.course.name} - {book.name}
                    {taken ? ' (has a self-assessment)' : ''}
                  </option>
                );
              })}
            </select>
          )}
        </FormField>
        <FormField label="Name:" error={errors.name}>
          {(control) => (
            <TextField.Root
              {...control}
              autoFocus
              required
              maxLength={255}
              placeholder="Informal assessment name"
              value={values.name}
              onChange={(event) => set({ name: event.target.value })}
            />
          )}
        </FormField>
        <FormField label="Source URL:" error={errors.sourceURL}>
          {(control) => (
            <TextField.Root
              {...control}
              type="url"
              required
              placeholder="URL of template repository"
              value={values.sourceURL}
              onChange={(event) => set({ sourceURL: event.target.value })}
            />
          )}
        </FormField>
        <fieldset className="lp-objective-fieldset">
          <legend>
            <Text as="div" size="2" weight="medium" mb="2">
              Learning objectives
            </Text>
          </legend>
          {objectives.length === 0 ? (
            <Text size="2" color="gray">
              No learning objectives yet. Add them on the Learning Objectives screen.
            </Text>
          ) : (
            <Flex wrap="wrap" gap="2">
              {objectives.map((objective) => (
                <Text as="label" size="2" key={objective.id} className="lp-objective-box">
                  <Flex gap="2" align="center">
                    <Checkbox
                      checked={values.objectives.includes(objective.id)}
                      onCheckedChange={(checked) => toggle(objective.id, checked === true)}
                    />
                    {objective.label}
                  </Flex>
                </Text>
              ))}
            </Flex>
          )}
        </fieldset>
        <FormActions
          saving={saving}
          onCancel={() => onCancel(values.bookId)}
          submitLabel={editing ? 'Update' : 'Create'}
        />
      </Flex>
    </form>
  );
}
