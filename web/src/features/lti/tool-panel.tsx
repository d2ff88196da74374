import { Badge, Button, Code, DataList, Flex, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { useConfirm } from '@/ui/dialog/index.ts';
import { QueryView } from '@/ui/query-view.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { invalidateLti, rotateKeys, useLtiTool } from './api.ts';

/** What the LMS administrator registers for this tool, and our signing keys with rotation. */
export function ToolPanel() {
  const tool = useLtiTool();
  const queryClient = useQueryClient();
  const confirm = useConfirm();

  async function rotate() {
    const yes = await confirm({
      title: 'Rotate the signing key?',
      description:
        'A new key signs from now on. The current one stays published for 7 days, so platforms that cached it keep working.',
      confirmLabel: 'Rotate key',
    });
    if (!yes) return;
    try {
      const rotated = await rotateKeys();
      toast.show(`A new signing key (${rotated.keys[0]?.kid}) signs from now on`, { type: 'done' });
    } catch (error) {
      toast.show(errorText(error), { type: 'error', title: 'The key was not rotated' });
    }
    await invalidateLti(queryClient);
  }

  return (
    <QueryView query={tool} what="the tool's URLs">
      {(info) => (
        <Flex direction="column" gap="3">
          <DataList.Root>
            {[
              ['Login initiation URL', info.login_url],
              ['Launch (redirect) URL', info.launch_url],
              ['Public keyset (JWKS) URL', info.jwks_url],
            ].map(([label, url]) => (
              <DataList.Item key={label}>
                <DataList.Label>{label}</DataList.Label>
                <DataList.Value>
                  <Code style={{ wordBreak: 'break-all' }}>{url}</Code>
                </DataList.Value>
              </DataList.Item>
            ))}
          </DataList.Root>
          <Flex gap="3" align="center" wrap="wrap">
            <Text size="2">Signing keys:</Text>
            {info.keys.map((key) => (
              <Badge key={key.kid} color={key.retired_at ? 'gray' : 'green'}>
                {key.kid} {key.retired_at ? `retired ${formatDateTime(key.retired_at)}` : 'current'}
              </Badge>
            ))}
            <Button variant="soft" onClick={() => void rotate()}>
              Rotate key
            </Button>
          </Flex>
        </Flex>
      )}
    </QueryView>
  );
}
