import { ExitIcon, GearIcon, HamburgerMenuIcon } from '@radix-ui/react-icons';
import { DropdownMenu, Flex, IconButton, Text, Tooltip } from '@radix-ui/themes';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { useLogOut } from '@/features/auth';
import { SettingsDialog } from '@/features/settings';
import { SkipLink } from '@/ui/skip-link.tsx';
import { ICON_TOOLTIP_DELAY_MS } from '@/ui/tooltip-delay.ts';
import './nav-bar.css';

export interface NavItem {
  to: string;
  label: string;
}

interface NavBarProps {
  items: readonly NavItem[];
  showSettings: boolean;
}

export function NavBar({ items, showSettings }: NavBarProps) {
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { logOut, pending } = useLogOut();
  return (
    <header className="lp-navbar">
      <SkipLink />
      <Flex align="center" gap="var(--lp-gutter)" px="var(--lp-gutter)" py="2">
        <Text weight="bold" size="3" className="lp-navbar__brand">
          Learning Platform
        </Text>
        <nav aria-label="Main" className="lp-navbar__links">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} end className="lp-navbar__link">
              {item.label}
            </NavLink>
          ))}
        </nav>
        <NavMenu items={items} />
        <Flex gap="3" align="center" ml="auto">
          {showSettings && (
            <Tooltip content="Settings" delayDuration={ICON_TOOLTIP_DELAY_MS}>
              <IconButton
                variant="ghost"
                color="gray"
                aria-label="Settings"
                onClick={() => setSettingsOpen(true)}
              >
                <GearIcon width="18" height="18" />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip content="Log out" delayDuration={ICON_TOOLTIP_DELAY_MS}>
            <IconButton
              variant="ghost"
              color="gray"
              aria-label="Log out"
              disabled={pending}
              onClick={logOut}
            >
              <ExitIcon width="18" height="18" />
            </IconButton>
          </Tooltip>
        </Flex>
      </Flex>
      {showSettings && <SettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />}
    </header>
  );
}

/**
 * Where the links do not fit on the navbar's one row (a phone, or a laptop at 200% zoom), they
 * are in a menu instead (nav-bar.css shows one or the other), so the navbar stays one row high.
 */
function NavMenu({ items }: { items: readonly NavItem[] }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <IconButton variant="ghost" color="gray" aria-label="Menu" className="lp-navbar__menu">
          <HamburgerMenuIcon width="18" height="18" />
        </IconButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="start">
        {items.map((item) => (
          <DropdownMenu.Item key={item.to} asChild>
            <NavLink to={item.to} end className="lp-navbar__menu-item">
              {item.label}
            </NavLink>
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
