import { isStaffProfile } from '@lp/contract/guards';
import { Callout } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@/lib/dates.ts';
import { profileQuery } from '@/lib/profile-api.ts';

/**
 * Staff learn on every page load that the server's automatic backup failed (GET /profile's
 * backup_failure), until one succeeds: otherwise nobody reads the server's log in time.
 */
export function BackupBanner() {
  const profile = useQuery(profileQuery(false)).data;
  const failure = profile && isStaffProfile(profile) ? profile.backup_failure : undefined;
  if (!failure) return null;
  return (
    <Callout.Root color="red" role="alert" size="1" mx="var(--lp-gutter)" mt="3">
      <Callout.Text>
        The last automatic backup failed ({formatDateTime(failure.at)}): {failure.message}. Changes
        since the last good backup are not saved anywhere else; check the server's log and its
        BACKUP_DIR, or run <code>npm run backup</code> on the server.
      </Callout.Text>
    </Callout.Root>
  );
}
