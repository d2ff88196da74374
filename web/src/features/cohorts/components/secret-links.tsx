import type { SignInOptions } from '@lp/contract/auth';
import type { Cohort } from '@lp/contract/cohorts';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useSignInOptions } from '@/features/auth';
import { useConfirm } from '@/ui/dialog/index.ts';
import { useToast } from '@/ui/toasts/index.ts';
import { useRotateCalendarFeed, useRotateInvitation } from '../api/cohorts-api.ts';
import { CopyableUrl } from './copyable-url.tsx';

/** What the invitation link does on this server: which way in works (sign-in options). */
function invitationWay(options: SignInOptions | undefined, cohortName: string): string {
  if (!options) return `People who open this link join ${cohortName}.`;
  if (options.github)
    return `People who open this link sign in with GitHub and join ${cohortName}.`;
  if (options.password)
    return `GitHub sign-in is not configured on this server: people who open this link choose a username and password and join ${cohortName}.`;
  return 'Nobody can join with this link on this server: GitHub sign-in is not configured and password sign-in is off (PASSWORD_SIGNIN).';
}

/**
 * The invitation link and the calendar subscription URL, each with copy and renew (staff). The
 * server builds both on its configured public address.
 */
export function SecretLinks({ cohort }: { cohort: Cohort }) {
  const confirm = useConfirm();
  const toast = useToast();
  const rotateInvitation = useRotateInvitation();
  const rotateFeed = useRotateCalendarFeed();
  const options = useSignInOptions();
  const failed = (error: Error) => toast.show(error.message, { type: 'error', duration: 'normal' });

  async function onRenewInvitation() {
    const sure = await confirm({
      title: 'Issue a new invitation link?',
      description:
        'The current link stops working: learners who have not signed in with it yet need the new one.',
      confirmLabel: 'Issue new link',
    });
    if (sure)
      rotateInvitation.mutate(cohort.id, {
        onSuccess: () => toast.show('Invitation link renewed', { type: 'done', duration: 'short' }),
        onError: failed,
      });
  }

  async function onRenewFeed() {
    const sure = await confirm({
      title: 'Issue a new calendar URL?',
      description: 'Calendar apps subscribed to the current URL stop receiving updates.',
      confirmLabel: 'Issue new URL',
    });
    if (sure)
      rotateFeed.mutate(cohort.id, {
        onSuccess: () => toast.show('Calendar URL renewed', { type: 'done', duration: 'short' }),
        onError: failed,
      });
  }

  if (!cohort.invitation_url && !cohort.calendar_url) return null;
  return (
    <Flex gap="5" wrap="wrap">
      {cohort.invitation_url && (
        <Flex direction="column" gap="1" style={{ minWidth: 0, flex: '1 1 24rem' }}>
          <Heading as="h3" size="3">
            Invitation Link
          </Heading>
          <CopyableUrl url={cohort.invitation_url} label="Invitation link" />
          <Flex gap="2" align="center">
            <Text size="1" color="gray">
              {invitationWay(options.data, cohort.name)}
            </Text>
            <Button
              size="1"
              variant="ghost"
              loading={rotateInvitation.isPending}
              onClick={onRenewInvitation}
            >
              New link
            </Button>
          </Flex>
        </Flex>
      )}
      {cohort.calendar_url && (
        <Flex direction="column" gap="1" style={{ minWidth: 0, flex: '1 1 24rem' }}>
          <Heading as="h3" size="3">
            Calendar subscription
          </Heading>
          <CopyableUrl url={cohort.calendar_url} label="Calendar URL" />
          <Flex gap="2" align="center">
            <Text size="1" color="gray">
              Add it to a calendar app as a subscription (iCalendar).
            </Text>
            <Button size="1" variant="ghost" loading={rotateFeed.isPending} onClick={onRenewFeed}>
              New URL
            </Button>
          </Flex>
        </Flex>
      )}
    </Flex>
  );
}
