import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '@/lib/api-client.ts';
import { Loading } from '@/ui/loading.tsx';
import './catalogue.css';

export interface Crumb {
  label: string;
  to?: string;
}

/** 'Courses › course › book' as the page heading: every part but the last is a link. */
export function Breadcrumb({ items }: { items: readonly Crumb[] }) {
  return (
    <span className="lp-breadcrumb">
      {items.map((item, index) => (
        <Fragment key={item.to ?? 'current'}>
          {index > 0 && (
            <span className="lp-breadcrumb__separator" aria-hidden="true">
              ›
            </span>
          )}
          {item.to ? <RouterLink to={item.to}>{item.label}</RouterLink> : item.label}
        </Fragment>
      ))}
    </span>
  );
}

export type RowKind = 'core' | 'group' | 'assessment' | 'deprecated' | 'inactive';

interface RowLinkProps {
  to: string;
  children: ReactNode;
  meta?: ReactNode;
  kind?: RowKind;
  onClick?: () => void;
}

/** One clickable row of a catalogue list (a course, book, project or assessment). */
export function RowLink({ to, children, meta, kind = 'core', onClick }: RowLinkProps) {
  return (
    <li>
      <RouterLink to={to} className="lp-catalogue-row" data-kind={kind} onClick={onClick}>
        <span>{children}</span>
        {meta && <span className="lp-catalogue-row__meta">{meta}</span>}
      </RouterLink>
    </li>
  );
}

export function RowList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="lp-catalogue-rows" aria-label={label}>
      {children}
    </ul>
  );
}

export function ErrorCallout({ error, what }: { error: unknown; what: string }) {
  const message =
    error === null || (error instanceof ApiError && error.status === 404)
      ? `This ${what} does not exist (any more).`
      : error instanceof Error
        ? error.message
        : `Could not load the ${what}.`;
  return (
    <Callout.Root color="red" role="alert" mb="3">
      <Callout.Text>{message}</Callout.Text>
    </Callout.Root>
  );
}

/** Loading and error states of a query; renders `children` with the data once it is there. */
export function QueryView<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={`Loading the ${what}…`} />;
  if (query.isError) return <ErrorCallout error={query.error} what={what} />;
  return <>{children(query.data)}</>;
}

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
  children,
}: {
  label: string;
  note?: ReactNode;
  error?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const shown = error ?? note;
  return (
    <div>
      <Text as="div" size="2" weight="medium" mb="1">
        <label htmlFor={id}>{label}</label>
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

/** The message of a failed request, for a toast. */
export const errorText = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

/** Parses a numeric route parameter; NaN for anything else. */
export function idParam(value: string | undefined): number {
  return value && /^\d+$/.test(value) ? Number(value) : Number.NaN;
}

/** The submit and Cancel buttons every catalogue form ends with. */
export function FormActions({
  saving,
  onCancel,
  submitLabel = 'Save',
}: {
  saving: boolean;
  onCancel: () => void;
  submitLabel?: string;
}) {
  return (
    <Flex gap="3">
      <Button type="submit" loading={saving}>
        {submitLabel}
      </Button>
      <Button type="button" color="red" variant="soft" onClick={onCancel}>
        Cancel
      </Button>
    </Flex>
  );
}
