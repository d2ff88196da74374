import { Button, Callout, Flex } from '@radix-ui/themes';
import { useNavigate } from 'react-router';
import { setSetting } from '@/lib/settings.ts';
import { useSession } from '@/lib/use-session.ts';
import { useSettings } from '@/lib/use-settings.ts';
import { NavBar, type NavItem } from './nav-bar.tsx';
import { ScreenOutlet } from './shell-layout.tsx';

const studentNav: NavItem[] = [
  { to: '/', label: 'Overview' },
  { to: '/assessment', label: 'Capstones' },
  { to: '/goals', label: 'Core Skills' },
  { to: '/calendar', label: 'Calendar' },
];

/** Learners, and staff viewing the learner interface (mimic). */
export default function StudentShell() {
  const staff = useSession()?.profile.staff === true;
  const { mimic } = useSettings();
  const navigate = useNavigate();
  return (
    <>
      <NavBar items={studentNav} showSettings={staff} />
      {staff && mimic && (
        <Callout.Root color="amber" size="1" mx="var(--lp-gutter)" mt="3">
          <Flex align="center" justify="between" gap="3" wrap="wrap" width="100%">
            <Callout.Text>You are viewing the learner interface.</Callout.Text>
            <Button
              size="1"
              variant="soft"
              onClick={() => {
                setSetting('mimic', false);
                navigate('/');
              }}
            >
              Back to Instructor Interface
            </Button>
          </Flex>
        </Callout.Root>
      )}
      <ScreenOutlet />
    </>
  );
}
