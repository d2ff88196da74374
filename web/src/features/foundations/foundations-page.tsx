import { Box, Button, Callout, Card, Flex, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { useSession } from '@/lib/use-session.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { Loading } from '@/ui/loading.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { type FoundationsFilter, useFoundations } from './api/foundations-api.ts';
import { FoundationsTable } from './components/foundations-table.tsx';
import { ALL_COHORTS, cohortFilters, inCohort } from './model/foundations-model.ts';
import './foundations.css';

/** Foundations exercises: progress of pre-course learners; staff at /foundations, everyone at /. */
export default function FoundationsPage() {
  const staff = useSession()?.profile.staff === true;
  const [learnerName, setLearnerName] = useState('');
  const [lastAttempt, setLastAttempt] = useState('');
  const [filter, setFilter] = useState<FoundationsFilter>({});
  const [cohort, setCohort] = useState(ALL_COHORTS);
  const query = useFoundations(filter);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = { learnerName: learnerName.trim(), lastAttempt };
    if (next.learnerName === filter.learnerName && next.lastAttempt === filter.lastAttempt) {
      void query.refetch();
    } else setFilter(next);
  };

  const reset = () => {
    setLearnerName('');
    setLastAttempt('');
    setCohort(ALL_COHORTS);
    if (!filter.learnerName && !filter.lastAttempt) void query.refetch();
    else setFilter({});
  };

  const learners = query.data ?? [];
  const cohorts = cohortFilters(learners);
  const shown = inCohort(learners, cohort);

  return (
    <Box className="lp-foundations">
      <PageLayout title="Foundations Exercises">
        <Card mb="4">
          <form onSubmit={apply}>
            <Flex gap="3" align="end" wrap="wrap">
              <Box>
                <Text as="label" htmlFor="foundations-learner" size="2" weight="medium">
                  Learner Name:
                </Text>
                <TextField.Root
                  id="foundations-learner"
                  mt="1"
                  placeholder="Enter learner's name"
                  value={learnerName}
                  onChange={(event) => setLearnerName(event.target.value)}
                />
              </Box>
              <Box>
                <Text as="label" htmlFor="foundations-from" size="2" weight="medium">
                  Show entries from:
                </Text>
                <TextField.Root
                  id="foundations-from"
                  mt="1"
                  type="date"
                  value={lastAttempt}
                  onChange={(event) => setLastAttempt(event.target.value)}
                />
              </Box>
              <Button type="submit">Apply Filters</Button>
              <Button type="button" color="gray" variant="soft" onClick={reset}>
                Reset
              </Button>
            </Flex>
          </form>
          <Flex gap="2" align="center" wrap="wrap" mt="3" role="group" aria-label="Cohorts">
            <Text size="2" weight="medium">
              Cohorts:
            </Text>
            {[ALL_COHORTS, ...cohorts].map((name) => (
              <Button
                key={name}
                size="1"
                variant={name === cohort ? 'solid' : 'outline'}
                aria-pressed={name === cohort}
                onClick={() => setCohort(name)}
              >
                {name}
              </Button>
            ))}
          </Flex>
        </Card>
        {query.isPending ? (
          <Loading label="Loading exercises..." />
        ) : query.isError ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{query.error.message}</Callout.Text>
          </Callout.Root>
        ) : shown.length === 0 ? (
          <EmptyState title="No exercises found matching the criteria." />
        ) : (
          <FoundationsTable learners={shown} canAssign={staff} />
        )}
      </PageLayout>
    </Box>
  );
}
