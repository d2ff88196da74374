import type { ApiToken } from '@lp/contract/api-tokens';
import { API_TOKEN_USES_SHOWN } from '@lp/contract/constants';
import { Table, Text } from '@radix-ui/themes';
import { formatDateTime } from '@/lib/dates.ts';
import { AppDialog } from '@/ui/dialog/index.ts';
import { QueryView } from '@/ui/query-view.tsx';
import { useApiTokenUses } from './api.ts';

/** The newest requests made with a token: when, what, and how the server answered. */
export function TokenUsesDialog({ token, onClose }: { token: ApiToken; onClose: () => void }) {
  const uses = useApiTokenUses(token.id);
  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Uses of “${token.name}”`}
      maxWidth="720px"
    >
      <QueryView query={uses} what="uses">
        {(list) =>
          list.length === 0 ? (
            <Text as="p">This token has not been used yet.</Text>
          ) : (
            <>
              <Text as="p" size="1" color="gray" mb="2">
                The newest {Math.min(list.length, API_TOKEN_USES_SHOWN)} of {token.uses}.
              </Text>
              <Table.Root size="1" aria-label={`Uses of ${token.name}`}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Request</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Answer</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {list.map((use) => (
                    <Table.Row key={`${use.used_at} ${use.method} ${use.path}`}>
                      <Table.Cell>{formatDateTime(use.used_at)}</Table.Cell>
                      <Table.Cell>
                        {use.method} {use.path}
                      </Table.Cell>
                      <Table.Cell>{use.status}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </>
          )
        }
      </QueryView>
    </AppDialog>
  );
}
