import { Box, Heading, Link, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { PageLayout } from '@/ui/page-layout.tsx';
import '../student.css';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box asChild mb="4">
      <section>
        <Heading as="h2" size="4" mb="2">
          {title}
        </Heading>
        {children}
      </section>
    </Box>
  );
}

const RESOURCES = [
  { label: 'Markdown guide (basic syntax)', url: 'https://www.markdownguide.org/basic-syntax/' },
  {
    label: 'GitHub: basic writing and formatting syntax',
    url: 'https://docs.github.com/en/get-started/writing-on-github/getting-started-with-writing-and-formatting-on-github/basic-writing-and-formatting-syntax',
  },
  { label: 'ScreenToGif (record GIF demos on Windows)', url: 'https://www.screentogif.com/' },
  { label: 'Kap (screen recording on macOS)', url: 'https://getkap.co/' },
  { label: 'Make a README (template and advice)', url: 'https://www.makeareadme.com/' },
];

const EXAMPLES = [
  { label: 'freeCodeCamp', url: 'https://github.com/freeCodeCamp/freeCodeCamp#readme' },
  { label: 'Vite', url: 'https://github.com/vitejs/vite#readme' },
];

/** /readme: what a capstone README should contain. */
export default function ReadmePage() {
  return (
    <PageLayout title="README Guidelines">
      <Box maxWidth="860px" className="lp-student-page">
        <Text as="p" size="3" mb="4">
          Your README is the front page of your project: most people who visit your repository read
          nothing else. Make it answer what the project is, why it exists and how to run it.
        </Text>
        <Section title="What every README needs">
          <ul className="lp-student__bullets">
            <li>The project's name and a one-paragraph description of the problem it solves.</li>
            <li>A screenshot or a short GIF of the application in use.</li>
            <li>How to install and run it, step by step, including any API or database setup.</li>
            <li>The technologies it is built with.</li>
            <li>A link to your ERD and wireframes.</li>
            <li>Who made it, and how to reach you.</li>
          </ul>
        </Section>
        <Section title="Worth adding">
          <ul className="lp-student__bullets">
            <li>The features you are proudest of, and what you learned building them.</li>
            <li>What you would build next.</li>
            <li>How to run the tests.</li>
            <li>Badges, a table of contents and headings that make it easy to scan.</li>
          </ul>
        </Section>
        <Section title="Resources">
          <ul className="lp-student__bullets">
            {RESOURCES.map(({ label, url }) => (
              <li key={url}>
                <Link href={url} target="_blank" rel="noreferrer">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
        <Section title="Examples">
          <ul className="lp-student__bullets">
            {EXAMPLES.map(({ label, url }) => (
              <li key={url}>
                <Link href={url} target="_blank" rel="noreferrer">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      </Box>
    </PageLayout>
  );
}
