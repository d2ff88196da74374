import { useDisplayShortcuts } from '@/features/settings';
import { NavBar, type NavItem } from './nav-bar.tsx';
import { ScreenOutlet } from './shell-layout.tsx';

const staffNav: NavItem[] = [
  { to: '/', label: 'Students' },
  { to: '/teams', label: 'Teams' },
  { to: '/cohorts', label: 'Cohorts' },
  { to: '/courses', label: 'Courses' },
  { to: '/foundations', label: 'Foundations' },
];

/** Staff and instructors: the instructor navbar, settings, and the display shortcuts. */
export default function StaffShell() {
  useDisplayShortcuts();
  return (
    <>
      <NavBar items={staffNav} showSettings />
      <ScreenOutlet />
    </>
  );
}
