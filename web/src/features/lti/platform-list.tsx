import type { LtiPlatform } from '@lp/contract/lti';
import { Button, Code, Table } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '@/lib/api-client.ts';
import { useConfirm } from '@/ui/dialog/index.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { QueryView } from '@/ui/query-view.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { deletePlatform, invalidateLti, restorePlatform, useLtiPlatforms } from './api.ts';

function PlatformRow({ platform }: { platform: LtiPlatform }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();

  async function remove() {
    const yes = await confirm({
      title: `Delete ${platform.name}?`,
      description: 'Launches from it are refused. The toast that follows offers Undo.',
      confirmLabel: 'Delete platform',
    });
    if (!yes) return;
    try {
      await deletePlatform(platform.id);
      const about = `restore platform ${platform.id}`;
      toast.show(`Deleted ${platform.name}`, {
        type: 'done',
        duration: 'long',
        keep: true,
        about,
        action: {
          label: 'Undo',
          onClick: () =>
            void restorePlatform(platform.id).then(
              () => {
                toast.dismissAbout(about);
                toast.show(`Restored ${platform.name}`, { type: 'done' });
                return invalidateLti(queryClient);
              },
              (error: unknown) => toast.show(errorText(error), { type: 'error' }),
            ),
        },
      });
    } catch (error) {
      toast.show(errorText(error), { type: 'error', title: 'The platform was not deleted' });
    }
    await invalidateLti(queryClient);
  }

  return (
    <Table.Row>
      <Table.RowHeaderCell>{platform.name}</Table.RowHeaderCell>
      <Table.Cell>
        <Code variant="ghost" style={{ wordBreak: 'break-all' }}>
          {platform.issuer}
        </Code>
      </Table.Cell>
      <Table.Cell>{platform.client_id}</Table.Cell>
      <Table.Cell>{platform.deployment_ids.join(', ')}</Table.Cell>
      <Table.Cell justify="end">
        <Button
          variant="soft"
          color="red"
          onClick={() => void remove()}
          aria-label={`Delete ${platform.name}`}
        >
          Delete
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}

/** The registered LMS platforms. */
export function PlatformList() {
  const platforms = useLtiPlatforms();
  return (
    <QueryView query={platforms} what="platforms">
      {(list) =>
        list.length === 0 ? (
          <EmptyState
            title="No platforms yet"
            description="Register your LMS below with what its administrator gives you."
          />
        ) : (
          <Table.Root variant="surface">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Issuer</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Client ID</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Deployments</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Actions</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((platform) => (
                <PlatformRow key={platform.id} platform={platform} />
              ))}
            </Table.Body>
          </Table.Root>
        )
      }
    </QueryView>
  );
}
