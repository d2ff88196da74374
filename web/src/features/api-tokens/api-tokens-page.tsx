// A staff member's API tokens (/api-tokens, linked from Settings): make one (its secret shown
// once), see when each was last used and its recent uses, revoke one. Scripts send a token as
// `Authorization: Bearer <token>`; a read token may only make GET requests.
import type { ApiToken, CreatedApiToken } from '@lp/contract/api-tokens';
import { Badge, Button, Code, Flex, Table, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { useConfirm } from '@/ui/dialog/index.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { QueryView } from '@/ui/query-view.tsx';
import { SecretOnce } from '@/ui/secret-once.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { invalidateApiTokens, revokeApiToken, useApiTokens } from './api.ts';
import { NewTokenForm } from './new-token-form.tsx';
import { TokenUsesDialog } from './token-uses-dialog.tsx';

function statusOf(token: ApiToken, now: number) {
  if (token.revoked_at) return { label: 'Revoked', color: 'gray' } as const;
  if (Date.parse(token.expires_at) <= now) return { label: 'Expired', color: 'orange' } as const;
  return { label: 'Active', color: 'green' } as const;
}

function TokenRow({ token, onUses }: { token: ApiToken; onUses: (token: ApiToken) => void }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const status = statusOf(token, Date.now());

  async function revoke() {
    const yes = await confirm({
      title: `Revoke the API token “${token.name}”?`,
      description:
        'Scripts using it are refused from now on. A revoked token cannot be brought back: make a new one instead.',
      confirmLabel: 'Revoke token',
    });
    if (!yes) return;
    try {
      await revokeApiToken(token.id);
      toast.show(`Revoked the API token “${token.name}”`, { type: 'done' });
    } catch (error) {
      toast.show(errorText(error), { type: 'error', title: 'The token was not revoked' });
    }
    await invalidateApiTokens(queryClient);
  }

  return (
    <Table.Row>
      <Table.RowHeaderCell>{token.name}</Table.RowHeaderCell>
      <Table.Cell>{token.scope === 'read' ? 'Read only' : 'Read and write'}</Table.Cell>
      <Table.Cell>
        <Badge color={status.color}>{status.label}</Badge>
      </Table.Cell>
      <Table.Cell>{formatDateTime(token.expires_at)}</Table.Cell>
      <Table.Cell>
        {token.last_used_at ? formatDateTime(token.last_used_at) : 'Never'}
        {token.uses > 0 && (
          <Text color="gray">
            {' '}
            ({token.uses} {token.uses === 1 ? 'use' : 'uses'})
          </Text>
        )}
      </Table.Cell>
      <Table.Cell justify="end">
        <Flex gap="2" justify="end">
          <Button variant="soft" onClick={() => onUses(token)} aria-label={`Uses of ${token.name}`}>
            Uses
          </Button>
          {status.label === 'Active' && (
            <Button
              variant="soft"
              color="red"
              onClick={() => void revoke()}
              aria-label={`Revoke ${token.name}`}
            >
              Revoke
            </Button>
          )}
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}

export default function ApiTokensPage() {
  const tokens = useApiTokens();
  const [made, setMade] = useState<CreatedApiToken>();
  const [usesOf, setUsesOf] = useState<ApiToken>();

  return (
    <PageLayout title="API tokens">
      <Flex direction="column" gap="4">
        <Text as="p" size="2">
          A script sends a token as <Code>Authorization: Bearer &lt;token&gt;</Code> and acts as
          you. A read-only token may only make GET requests. Tokens cannot make other tokens.
        </Text>
        <NewTokenForm onMade={setMade} onUndone={() => setMade(undefined)} />
        {made && (
          <SecretOnce
            title={`Copy the token “${made.name}” now: it is not shown again.`}
            label={`New token ${made.name}`}
            what="token"
            secret={made.token}
            onDone={() => setMade(undefined)}
          />
        )}
        <QueryView query={tokens} what="API tokens">
          {(list) =>
            list.length === 0 ? (
              <EmptyState
                title="No API tokens yet"
                description="Make one above for a script that reads or changes the platform."
              />
            ) : (
              <Table.Root variant="surface" aria-label="API tokens">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Access</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Expires</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Last used</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="end">Actions</Table.ColumnHeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {list.map((token) => (
                    <TokenRow key={token.id} token={token} onUses={setUsesOf} />
                  ))}
                </Table.Body>
              </Table.Root>
            )
          }
        </QueryView>
      </Flex>
      {usesOf && <TokenUsesDialog token={usesOf} onClose={() => setUsesOf(undefined)} />}
    </PageLayout>
  );
}
