import { Button, Flex } from '@radix-ui/themes';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
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
