// The school's outgoing webhooks (/webhooks, linked from Settings): add one (its signing secret
// shown once), see each one's deliveries, delete one (with Undo, which restores it).
import type { CreatedWebhook, Webhook } from '@lp/contract/webhooks';
import { Badge, Button, Code, Flex, Table, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '@/lib/api-client.ts';
import { useConfirm } from '@/ui/dialog/index.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { QueryView } from '@/ui/query-view.tsx';
import { SecretOnce } from '@/ui/secret-once.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { deleteWebhook, invalidateWebhooks, restoreWebhook, useWebhooks } from './api.ts';
import { DeliveriesDialog } from './deliveries-dialog.tsx';
import { NewWebhookForm } from './new-webhook-form.tsx';

function WebhookRow({ webhook, onDeliveries }: { webhook: Webhook; onDeliveries: () => void }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();

  async function remove() {
    const yes = await confirm({
      title: 'Delete this webhook?',
      description: `Events are no longer sent to ${webhook.url}. The toast that follows offers Undo.`,
      confirmLabel: 'Delete webhook',
    });
    if (!yes) return;
    try {
      await deleteWebhook(webhook.id);
      toast.show(`Deleted the webhook to ${webhook.url}`, {
        type: 'done',
        duration: 'long',
        keep: true,
        about: `restore webhook ${webhook.id}`,
        action: {
          label: 'Undo',
          onClick: () =>
            void restoreWebhook(webhook.id).then(
              () => {
                toast.dismissAbout(`restore webhook ${webhook.id}`);
                toast.show(`Restored the webhook to ${webhook.url}`, { type: 'done' });
                return invalidateWebhooks(queryClient);
              },
              (error: unknown) => toast.show(errorText(error), { type: 'error' }),
            ),
        },
      });
    } catch (error) {
      toast.show(errorText(error), { type: 'error', title: 'The webhook was not deleted' });
    }
    await invalidateWebhooks(queryClient);
  }

  return (
    <Table.Row>
      <Table.RowHeaderCell>
        <Code variant="ghost" style={{ wordBreak: 'break-all' }}>
          {webhook.url}
        </Code>
      </Table.RowHeaderCell>
      <Table.Cell>{webhook.events.join(', ')}</Table.Cell>
      <Table.Cell>
        {webhook.deleted_at ? (
          <Badge color="gray">Deleted</Badge>
        ) : (
          <Badge color="green">Active</Badge>
        )}
      </Table.Cell>
      <Table.Cell justify="end">
        <Flex gap="2" justify="end">
          <Button variant="soft" onClick={onDeliveries} aria-label={`Deliveries to ${webhook.url}`}>
            Deliveries
          </Button>
          {!webhook.deleted_at && (
            <Button
              variant="soft"
              color="red"
              onClick={() => void remove()}
              aria-label={`Delete the webhook to ${webhook.url}`}
            >
              Delete
            </Button>
          )}
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}

export default function WebhooksPage() {
  const webhooks = useWebhooks();
  const [made, setMade] = useState<CreatedWebhook>();
  const [deliveriesOf, setDeliveriesOf] = useState<Webhook>();

  return (
    <PageLayout title="Webhooks">
      <Flex direction="column" gap="4">
        <Text as="p" size="2">
          Each event is POSTed as JSON with <Code>X-LP-Signature: t=…,v1=…</Code>, the HMAC-SHA256
          of <Code>t.body</Code> keyed with the webhook's signing secret. Deliveries that get no
          answer, 429 or 5xx are tried again with growing waits.
        </Text>
        <NewWebhookForm onMade={setMade} />
        {made && (
          <SecretOnce
            title={`Copy the signing secret of the webhook to ${made.url} now: it is not shown again.`}
            label="New webhook's signing secret"
            what="signing secret"
            secret={made.secret}
            onDone={() => setMade(undefined)}
          />
        )}
        <QueryView query={webhooks} what="webhooks">
          {(list) =>
            list.length === 0 ? (
              <EmptyState
                title="No webhooks yet"
                description="Add one above to send the school's systems what happens here."
              />
            ) : (
              <Table.Root variant="surface">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>URL</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Events</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="end">Actions</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {list.map((webhook) => (
                    <WebhookRow
                      key={webhook.id}
                      webhook={webhook}
                      onDeliveries={() => setDeliveriesOf(webhook)}
                    />
                  ))}
                </Table.Body>
              </Table.Root>
            )
          }
        </QueryView>
      </Flex>
      {deliveriesOf && (
        <DeliveriesDialog webhook={deliveriesOf} onClose={() => setDeliveriesOf(undefined)} />
      )}
    </PageLayout>
  );
}
