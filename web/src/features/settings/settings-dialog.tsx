import { Button, Flex, RadioGroup, Separator, Switch, Text } from '@radix-ui/themes';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { SchoolLinkAction } from '@/features/auth';
import { APPEARANCES, type Appearance, setSetting } from '@/lib/settings.ts';
import { useSettings } from '@/lib/use-settings.ts';
import { AppDialog } from '@/ui/dialog/app-dialog.tsx';

interface SettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const APPEARANCE_LABELS: Record<Appearance, string> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
};

/**
 * Staff preferences: instructor or learner interface (mimic), light or dark (or as the system
 * is set), tags and avatars on the board, whether the two-letter shortcuts work, and the ways
 * to one's API tokens, the webhooks and the LMS connection.
 */
export function SettingsDialog({ open, onOpenChange }: SettingsDialogProps) {
  const settings = useSettings();
  const navigate = useNavigate();
  const appearanceLabel = useId();

  const switchInterface = () => {
    setSetting('mimic', !settings.mimic);
    onOpenChange(false);
    navigate('/');
  };

  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="User Settings" maxWidth="420px">
      <Flex direction="column" gap="4">
        <Flex direction="column" gap="2" align="start">
          <Text size="2" color="gray">
            You are using the {settings.mimic ? 'student' : 'instructor'} interface. Switch to:
          </Text>
          <Button color="amber" variant="soft" onClick={switchInterface}>
            {settings.mimic ? 'Instructor Interface' : 'Student Interface'}
          </Button>
        </Flex>
        <Button
          variant="ghost"
          style={{ alignSelf: 'start' }}
          onClick={() => {
            onOpenChange(false);
            navigate('/api-tokens');
          }}
        >
          API tokens for scripts
        </Button>
        <Button
          variant="ghost"
          style={{ alignSelf: 'start' }}
          onClick={() => {
            onOpenChange(false);
            navigate('/webhooks');
          }}
        >
          Webhooks to the school's systems
        </Button>
        <SchoolLinkAction />
        <Button
          variant="ghost"
          style={{ alignSelf: 'start' }}
          onClick={() => {
            onOpenChange(false);
            navigate('/lms');
          }}
        >
          Connect your LMS (LTI)
        </Button>
        <Separator size="4" />
        <Flex direction="column" gap="2">
          <Text id={appearanceLabel} size="2" weight="medium">
            Appearance
          </Text>
          <RadioGroup.Root
            aria-labelledby={appearanceLabel}
            value={settings.appearance}
            onValueChange={(value) => setSetting('appearance', value as Appearance)}
          >
            <Flex gap="4">
              {APPEARANCES.map((choice) => (
                <RadioGroup.Item key={choice} value={choice}>
                  {APPEARANCE_LABELS[choice]}
                </RadioGroup.Item>
              ))}
            </Flex>
          </RadioGroup.Root>
        </Flex>
        <Separator size="4" />
        <Flex direction="column" gap="3">
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Switch
                checked={settings.tags}
                onCheckedChange={(value) => setSetting('tags', value)}
              />
              Show tags <Text color="gray">(t g)</Text>
            </Flex>
          </Text>
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Switch
                checked={settings.avatars}
                onCheckedChange={(value) => setSetting('avatars', value)}
              />
              Show avatars <Text color="gray">(t a)</Text>
            </Flex>
          </Text>
          <Text as="label" size="2">
            <Flex gap="2" align="center">
              <Switch
                checked={settings.shortcuts}
                onCheckedChange={(value) => setSetting('shortcuts', value)}
              />
              Keyboard shortcuts <Text color="gray">(two letters, e.g. t g)</Text>
            </Flex>
          </Text>
        </Flex>
      </Flex>
    </AppDialog>
  );
}
