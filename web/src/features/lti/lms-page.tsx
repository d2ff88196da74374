// Connect your LMS (/lms, linked from Settings): what to register on the LMS side, the platforms
// registered here, the LMS courses that launched us with the cohort each is linked to, and which
// account each LMS user signs in to.
import { Flex, Heading, Text } from '@radix-ui/themes';
import { PageLayout } from '@/ui/page-layout.tsx';
import { CourseLinks } from './course-links.tsx';
import { IdentityLinks } from './identity-links.tsx';
import { PlatformForm } from './platform-form.tsx';
import { PlatformList } from './platform-list.tsx';
import { ToolPanel } from './tool-panel.tsx';
import './lti.css';

export default function LmsPage() {
  return (
    <PageLayout title="LMS (LTI 1.3)">
      <Flex direction="column" gap="5">
        <section aria-labelledby="lti-tool">
          <Heading as="h2" size="4" mb="2" id="lti-tool">
            On the LMS side
          </Heading>
          <Text as="p" size="2" mb="3">
            Register this tool in your LMS as an LTI 1.3 tool with these addresses.
          </Text>
          <ToolPanel />
        </section>
        <section aria-labelledby="lti-platforms">
          <Heading as="h2" size="4" mb="3" id="lti-platforms">
            Platforms
          </Heading>
          <Flex direction="column" gap="4">
            <PlatformList />
            <PlatformForm />
          </Flex>
        </section>
        <section aria-labelledby="lti-courses">
          <Heading as="h2" size="4" mb="3" id="lti-courses">
            LMS courses
          </Heading>
          <CourseLinks />
        </section>
        <section aria-labelledby="lti-users">
          <Heading as="h2" size="4" mb="3" id="lti-users">
            LMS users
          </Heading>
          <IdentityLinks />
        </section>
      </Flex>
    </PageLayout>
  );
}
