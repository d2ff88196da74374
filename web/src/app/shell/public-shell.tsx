import { Flex, Link, Text } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router';
import { SkipLink } from '@/ui/skip-link.tsx';
import { ScreenOutlet } from './shell-layout.tsx';
import './nav-bar.css';

/** Screens open to everyone (e.g. foundations): a plain header with a way to sign in. */
export default function PublicShell() {
  return (
    <>
      <header className="lp-navbar">
        <SkipLink />
        <Flex align="center" justify="between" px="var(--lp-gutter)" py="2">
          <Text weight="bold" size="3" className="lp-navbar__brand">
            Learning Platform
          </Text>
          <Link asChild size="2">
            <RouterLink to="/login">Sign in</RouterLink>
          </Link>
        </Flex>
      </header>
      <ScreenOutlet />
    </>
  );
}
