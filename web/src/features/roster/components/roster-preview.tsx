import type { RosterAction, RosterRow } from '@lp/contract/roster';
import { Badge, Table } from '@radix-ui/themes';
import './roster.css';

const LOOK: Record<RosterAction, { label: string; color: 'green' | 'blue' | 'gray' | 'red' }> = {
  create: { label: 'New', color: 'green' },
  enrol: { label: 'Enrol', color: 'blue' },
  skip: { label: 'Skip', color: 'gray' },
  error: { label: 'Error', color: 'red' },
};

/** The import's lines: what each does, errors in red. */
export function RosterPreview({ rows }: { rows: RosterRow[] }) {
  return (
    <Table.Root size="1" variant="surface" className="lp-roster-preview">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Line</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Action</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Details</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.line} className={row.action === 'error' ? 'is-error' : undefined}>
            <Table.RowHeaderCell>{row.line}</Table.RowHeaderCell>
            <Table.Cell>
              <Badge color={LOOK[row.action].color}>{LOOK[row.action].label}</Badge>
            </Table.Cell>
            <Table.Cell>{row.message}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
