// Beside the board's header: who else has this board open, and 'reconnecting…' while the live
// stream is down. Nothing at all while the person is alone and connected.
import { Avatar, Flex, Text } from '@radix-ui/themes';
import { initials } from '../model/initials.ts';
import type { LiveBoard } from './use-live-board.ts';

export function LivePresence({ live }: { live: LiveBoard }) {
  const { status, viewers } = live;
  return (
    <Flex className="lp-live" align="center" gap="2" role="status" aria-live="polite">
      {status === 'reconnecting' && (
        <Text size="1" color="amber" className="lp-live__reconnecting">
          reconnecting…
        </Text>
      )}
      {viewers.length > 0 && (
        <>
          <Text size="1" color="gray" id="lp-live-viewers">
            Also here
          </Text>
          <ul className="lp-live__viewers" aria-labelledby="lp-live-viewers">
            {viewers.map((viewer) => (
              <li key={viewer.id} className="lp-live__viewer" title={viewer.name}>
                <Avatar size="1" radius="full" fallback={initials(viewer.name)} alt="" />
                <Text size="1">{viewer.name}</Text>
              </li>
            ))}
          </ul>
        </>
      )}
    </Flex>
  );
}
