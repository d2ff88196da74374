import { useDisplayShortcuts } from '@/features/settings';
import { useSession } from '@/lib/use-session.ts';
import { BackupBanner } from './backup-banner.tsx';
import { NavBar, type NavItem } from './nav-bar.tsx';
import { ScreenOutlet } from './shell-layout.tsx';

const staffNav = (instructor: boolean): NavItem[] => [
  { to: '/', label: 'Students' },
  { to: '/teams', label: 'Teams' },
  // What ran at Slack and GitHub for the active cohort, with Retry on what failed.
  { to: '/jobs', label: 'Jobs' },
  { to: '/cohorts', label: 'Cohorts' },
  { to: '/courses', label: 'Courses' },
  // The spec names both links to /foundations: 'Foundations' in an instructor's navbar and
  // 'Foundations Exercises' in that of staff who coach no cohort.
  { to: '/foundations', label: instructor ? 'Foundations' : 'Foundations Exercises' },
];

/** Staff and instructors: the instructor navbar, settings, and the display shortcuts. */
export default function StaffShell() {
  useDisplayShortcuts();
  const profile = useSession()?.profile;
  const instructor = profile?.staff === true && profile.instructor;
  return (
    <>
      <NavBar items={staffNav(instructor)} showSettings />
      <BackupBanner />
      <ScreenOutlet />
    </>
  );
}
