import type { PasswordLink } from '@lp/contract/accounts';
import { Button, Flex } from '@radix-ui/themes';
import { useState } from 'react';
import { errorText } from '@/lib/api-client.ts';
import { AppDialog, useConfirm } from '@/ui/dialog/index.ts';
import { toast } from '@/ui/toasts/index.ts';
import { useRenewPasswordLink } from '../api/accounts-api.ts';
import { OneTimeLink } from './one-time-link.tsx';

/**
 * 'New password link' in a learner's overlay: a new one-time link on which the learner sets a
 * password (one who lost or let expire theirs, or forgot their password). Older links stop
 * working. The overlay offers it only where password sign-in is on.
 */
export function PasswordLinkButton({ learnerId, name }: { learnerId: number; name: string }) {
  const confirm = useConfirm();
  const renew = useRenewPasswordLink();
  const [link, setLink] = useState<PasswordLink | null>(null);

  async function onClick() {
    const sure = await confirm({
      title: 'Make a new password link?',
      description: `${name} sets a new password on it. Links made for them before stop working; their current password works until they set the new one.`,
      confirmLabel: 'Make link',
    });
    if (!sure) return;
    renew.mutate(learnerId, {
      onSuccess: setLink,
      onError: (error) => toast.show(errorText(error), { type: 'error', duration: 'long' }),
    });
  }

  return (
    <>
      <Button size="1" variant="soft" color="gray" loading={renew.isPending} onClick={onClick}>
        New password link
      </Button>
      <AppDialog
        open={link !== null}
        onOpenChange={(open) => !open && setLink(null)}
        title="Password link"
        maxWidth="520px"
      >
        {link && (
          <Flex direction="column" gap="3">
            <OneTimeLink link={link} name={name} />
            <Flex justify="end">
              <Button variant="soft" color="gray" onClick={() => setLink(null)}>
                Done
              </Button>
            </Flex>
          </Flex>
        )}
      </AppDialog>
    </>
  );
}
