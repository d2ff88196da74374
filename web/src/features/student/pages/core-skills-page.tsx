import { Box, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { PageLayout } from '@/ui/page-layout.tsx';
import '../student.css';

const SKILLS = [
  {
    name: 'Analytical Thinking',
    definition:
      'Taking a problem apart: finding out what is really happening, what is known and what is not, before deciding what to change.',
    behaviours: [
      'Reads error messages and stack traces all the way through.',
      'Uses the debugger and the browser dev tools to check assumptions.',
      'Reproduces a bug before trying to fix it.',
      'Describes a problem precisely when explaining it to others.',
    ],
  },
  {
    name: 'Algorithmic Thinking',
    definition:
      'Turning a goal into clear, ordered steps a computer can follow, and checking that those steps handle every case.',
    behaviours: [
      'Writes the steps in plain language or pseudocode before coding.',
      'Breaks large tasks into small functions.',
      'Thinks about empty, missing and unexpected input.',
      'Traces code by hand to predict what it does.',
    ],
  },
  {
    name: 'Efficient Learning',
    definition:
      'Getting unstuck and learning new tools quickly, by knowing where to look and when to ask.',
    behaviours: [
      'Searches official documentation first.',
      'Asks for help efficiently: says what was tried and what happened.',
      'Prompts LLM tools effectively and checks what they answer.',
      'Practises a new idea on a small example before using it in a project.',
    ],
  },
  {
    name: 'Communication',
    definition:
      'Sharing ideas, progress and problems so that teammates and clients understand them without guessing.',
    behaviours: [
      'Writes readable commit messages and pull request descriptions.',
      'Gives and receives code review respectfully.',
      'Speaks up early about blockers in stand-ups.',
      'Explains technical choices to non-technical listeners.',
    ],
  },
];

/** /goals: the four core skills and what they look like in practice. */
export default function CoreSkillsPage() {
  return (
    <PageLayout title="Core Skills">
      <Flex gap="4" wrap="wrap" className="lp-student-page">
        {SKILLS.map((skill) => (
          <Card key={skill.name} size="1" style={{ flex: '1 1 240px', padding: 0 }}>
            <Box px="3" py="2" style={{ background: 'var(--lp-skill-header)' }}>
              <Heading as="h2" size="3">
                {skill.name}
              </Heading>
            </Box>
            <Box p="3">
              <Text as="p" size="2" mb="2">
                {skill.definition}
              </Text>
              <ul className="lp-student__bullets">
                {skill.behaviours.map((item) => (
                  <li key={item}>
                    <Text size="2">{item}</Text>
                  </li>
                ))}
              </ul>
            </Box>
          </Card>
        ))}
      </Flex>
    </PageLayout>
  );
}
