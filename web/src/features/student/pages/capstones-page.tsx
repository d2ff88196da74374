import { Box, Button, Flex, Heading, Text } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router';
import { PageLayout } from '@/ui/page-layout.tsx';
import '../student.css';

function CapstoneBox({
  title,
  color,
  to,
  children,
}: {
  title: string;
  color: string;
  to: string;
  children: React.ReactNode;
}) {
  return (
    <Box p="4" style={{ border: `3px solid ${color}`, borderRadius: 'var(--radius-3)' }}>
      <Heading as="h2" size="4" mb="2">
        {title}
      </Heading>
      <Text as="div" size="2">
        {children}
      </Text>
      <Button asChild mt="3" variant="soft">
        <RouterLink to={to}>Requirements</RouterLink>
      </Button>
    </Box>
  );
}

/** /assessment: the two official capstone assessments. */
export default function CapstonesPage() {
  return (
    <PageLayout title="Official Assessments: Capstone Project">
      <Flex direction="column" gap="4" maxWidth="860px" className="lp-student-page">
        <CapstoneBox title="Client Side Capstone Project" color="goldenrod" to="/assessment/client">
          <p>
            At the end of the client-side course you build a React application of your own, on your
            own. Once it reaches its minimum viable product, your instructors go through it with you
            to see how well you use React, how you modelled your data in an ERD, and how solid your
            JavaScript fundamentals are.
          </p>
        </CapstoneBox>
        <CapstoneBox
          title="Server Side Capstone Project"
          color="dodgerblue"
          to="/assessment/server"
        >
          <p>
            At the end of the server-side course you build another individual project, this time
            with the server stack you learned. After it reaches its minimum viable product you walk
            an instructor through it in an interview, then solve a few SQL exercises and some small
            programming tasks in Python or C#.
          </p>
        </CapstoneBox>
      </Flex>
    </PageLayout>
  );
}
