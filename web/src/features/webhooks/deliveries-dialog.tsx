import type { Webhook } from '@lp/contract/webhooks';
import { Badge, Table, Text } from '@radix-ui/themes';
import { formatDateTime } from '@/lib/dates.ts';
import { AppDialog } from '@/ui/dialog/index.ts';
import { QueryView } from '@/ui/query-view.tsx';
import { useDeliveries } from './api.ts';

const statusColor = { pending: 'gray', delivered: 'green', failed: 'red' } as const;

/** A webhook's newest deliveries: the event, how it went, attempts and the last answer. */
export function DeliveriesDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const deliveries = useDeliveries(webhook.id);
  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Deliveries"
      description={webhook.url}
      maxWidth="760px"
    >
      <QueryView query={deliveries} what="deliveries">
        {(list) =>
          list.length === 0 ? (
            <Text as="p">Nothing has been sent to this webhook yet.</Text>
          ) : (
            <Table.Root size="1">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>When</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Event</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Attempts</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Last answer</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((delivery) => (
                  <Table.Row key={delivery.id}>
                    <Table.Cell>{formatDateTime(delivery.created_at)}</Table.Cell>
                    <Table.Cell>{delivery.event}</Table.Cell>
                    <Table.Cell>
                      <Badge color={statusColor[delivery.status]}>{delivery.status}</Badge>
                    </Table.Cell>
                    <Table.Cell>{delivery.attempts}</Table.Cell>
                    <Table.Cell>
                      {delivery.last_status ?? '—'}
                      {delivery.last_answer ? ` ${delivery.last_answer}` : ''}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )
        }
      </QueryView>
    </AppDialog>
  );
}
