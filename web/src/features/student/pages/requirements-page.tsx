import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { Box, Callout, Heading, Link } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { PageLayout } from '@/ui/page-layout.tsx';
import '../student.css';

type Side = 'client' | 'server';

const BDD_ARTICLE = 'https://en.wikipedia.org/wiki/Behavior-driven_development';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box asChild mb="4">
      <section>
        <Heading as="h2" size="4" mb="2">
          {title}
        </Heading>
        <ul className="lp-student__bullets">{children}</ul>
      </section>
    </Box>
  );
}

function Requirements({ side }: { side: Side }) {
  const server = side === 'server';
  return (
    <PageLayout title={server ? 'Server Side Requirements' : 'Client Side Requirements'}>
      <Box maxWidth="860px" className="lp-student-page">
        <Callout.Root color="red" mb="4">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            A proposal that leaves out any item on this page is sent back without review. Check
            every item before you submit.
          </Callout.Text>
        </Callout.Root>

        <Section title="Data Requirements">
          <li>Draw an ERD of your data before you write code, and link it in your proposal.</li>
          <li>Users own data: each record a user creates belongs to that user.</li>
          {server ? (
            <>
              <li>At least one one-to-many relationship.</li>
              <li>At least one many-to-many relationship.</li>
            </>
          ) : (
            <li>
              Besides users and their data, at least one more one-to-many relationship. A
              many-to-many relationship is welcome but not required.
            </li>
          )}
          <li>Store the data with the persistence tool taught in the course.</li>
        </Section>

        <Section title="Application Design Requirements">
          <li>Users can create, read, update and delete their data.</li>
          {server ? (
            <li>
              Built with the server framework and the authentication scheme taught in the course,
              with a React client.
            </li>
          ) : (
            <li>Built with React.</li>
          )}
          <li>
            A form to create a record that offers a related resource to choose from with a select,
            radio buttons or a group of checkboxes.
          </li>
          <li>Modules and components that each have a single responsibility.</li>
          <li>Several routes, so that each view has its own address.</li>
          <li>Users can edit and delete only their own data.</li>
          <li>A layout that adapts to the window size.</li>
          <li>Copy that is easy to read: enough contrast and a comfortable size.</li>
        </Section>

        <Section title="Proposal">
          <li>A short statement of the problem your application solves.</li>
          <li>At least 4 user stories, not counting logging in and registering.</li>
          <li>A link to your ERD (a link, not a picture of it).</li>
          <li>Wireframes for every view, with notes on what each button and link does.</li>
          <li>If you want to use an external API, show it working to an instructor first.</li>
          <li>
            Write your user stories in the style of{' '}
            <Link href={BDD_ARTICLE} target="_blank" rel="noreferrer" underline="always">
              behaviour-driven development
            </Link>
            .
          </li>
        </Section>

        <details>
          <summary>
            <strong>Some guidelines you can work on after MVP</strong>
          </summary>
          <Box mt="2">
            <Section title="Code">
              <li>The project's name in the page &lt;title&gt; and in package.json.</li>
              <li>A README that says what the project is, how to run it and how to use it.</li>
              <li>No dead code, no console logs and no errors in the console.</li>
              <li>Be ready to explain any warning that remains.</li>
              <li>Commit and pull request messages that say what changed and why.</li>
              <li>At least 4 integration tests.</li>
            </Section>
            <Section title="Design">
              <li>A small palette of 3 colors.</li>
              <li>Left-aligned copy.</li>
              <li>Consistent spacing between and around elements.</li>
              <li>The same look for the same kind of element everywhere.</li>
              <li>Images scaled correctly, never stretched.</li>
            </Section>
          </Box>
        </details>
      </Box>
    </PageLayout>
  );
}

function ClientRequirementsPage() {
  return <Requirements side="client" />;
}

export function ServerRequirementsPage() {
  return <Requirements side="server" />;
}

export default ClientRequirementsPage;
