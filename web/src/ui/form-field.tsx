import { Text } from '@radix-ui/themes';
import { type ReactNode, useId } from 'react';
import { flushSync } from 'react-dom';

/** A short note under a field, e.g. its rule or what went wrong. */
export function FieldNote({
  children,
  error,
  id,
}: {
  children: ReactNode;
  error?: boolean;
  id?: string;
}) {
  return (
    <Text as="p" size="1" color={error ? 'red' : 'gray'} mt="1" id={id}>
      {children}
    </Text>
  );
}

export interface FieldControl {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/** A labelled form field with its rule or error below; the control gets the ids it needs. */
export function FormField({
  label,
  note,
  error,
  required,
  children,
}: {
  label: string;
  note?: ReactNode;
  error?: string;
  /** Marks the label visibly (RequiredMark); the control still says aria-required itself. */
  required?: boolean;
  children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const shown = error ?? note;
  return (
    <div>
      <Text as="div" size="2" weight="medium" mb="1">
        <label htmlFor={id}>
          {label}
          {required && <RequiredMark />}
        </label>
      </Text>
      {children({
        id,
        'aria-invalid': Boolean(error),
        ...(shown ? { 'aria-describedby': noteId } : {}),
      })}
      {shown && (
        <FieldNote id={noteId} error={Boolean(error)}>
          {shown}
        </FieldNote>
      )}
    </div>
  );
}

/**
 * Shows a form's field errors at once and moves the focus to the first field in error: on a long
 * form an error far above the button would otherwise look like nothing happened.
 */
export function showFieldErrors(form: HTMLFormElement, show: () => void) {
  flushSync(show);
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** The visible mark of a required field; screen readers hear `aria-required` on its control. */
export function RequiredMark() {
  return (
    <Text as="span" color="red" aria-hidden="true">
      {' *'}
    </Text>
  );
}

/** What the mark means, once at the top of a form. */
export function RequiredNote() {
  return (
    <Text as="p" size="1" color="gray">
      Fields marked * are required.
    </Text>
  );
}
