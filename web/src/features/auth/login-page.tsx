import { GitHubLogoIcon } from '@radix-ui/react-icons';
import { Button, Card, Flex, Heading, Separator, Spinner, Text } from '@radix-ui/themes';
import { API_BASE } from '@/lib/api-client.ts';
import { useDocumentTitle } from '@/ui/document-title.ts';
import { useSignInOptions } from './api/get-sign-in-options.ts';
import { PasswordForm } from './password-form.tsx';

export default function LoginPage() {
  const options = useSignInOptions();
  // GitHub is the product's main sign-in: always shown, and said plainly when this server has
  // no GitHub app (the demo). If the options cannot be read, it is offered as usual.
  const githubReady = options.isError || options.data?.github === true;
  const showGithub = !options.isPending;
  const showPassword = options.data?.password === true;
  const school = options.data?.oidc ?? null;

  useDocumentTitle('Sign in');

  return (
    <Flex asChild align="center" justify="center" minHeight="100vh" p="4">
      <main>
        <Card size="4" style={{ width: '100%', maxWidth: 380 }}>
          <Flex direction="column" gap="4">
            <Flex direction="column" gap="1">
              <Heading as="h1" size="6">
                Learning Platform
              </Heading>
              <Text size="2" color="gray">
                Sign in to continue.
              </Text>
            </Flex>
            {options.isPending && (
              <Flex justify="center" py="3" role="status" aria-label="Loading sign-in options">
                <Spinner />
              </Flex>
            )}
            {school && (
              <Flex direction="column" gap="1">
                <Button asChild size="3">
                  <a href={`${API_BASE}/auth/oidc/url`}>Sign in with {school.name}</a>
                </Button>
                {school.required_for_staff && (
                  <Text size="1" color="gray">
                    Staff accounts sign in with {school.name} only.
                  </Text>
                )}
              </Flex>
            )}
            {showGithub && githubReady && (
              <Button asChild size="3" color="gray" highContrast>
                <a href={`${API_BASE}/auth/github/url`}>
                  <GitHubLogoIcon width="18" height="18" />
                  Sign in with Github
                </a>
              </Button>
            )}
            {showGithub && !githubReady && (
              <Flex direction="column" gap="1">
                <Button size="3" color="gray" disabled aria-describedby="github-unavailable">
                  <GitHubLogoIcon width="18" height="18" />
                  Sign in with Github
                </Button>
                <Text id="github-unavailable" size="1" color="gray">
                  GitHub sign-in is not configured on this server.
                </Text>
              </Flex>
            )}
            {showGithub && showPassword && (
              <Flex align="center" gap="3">
                <Separator size="4" />
                <Text size="1" color="gray">
                  or
                </Text>
                <Separator size="4" />
              </Flex>
            )}
            {showPassword && <PasswordForm />}
            {options.isSuccess && !githubReady && !showPassword && !school && (
              <Text size="2" color="red" role="alert">
                This server has no sign-in method enabled. Please contact your administrator.
              </Text>
            )}
          </Flex>
        </Card>
      </main>
    </Flex>
  );
}
