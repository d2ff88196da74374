// The cohort health page (/cohorts/:cohortId/health, staff): who needs attention and why, the
// review queue by age, where the learners are today and how the cohort moves through the books
// against earlier cohorts of its courses.

import type { AtRiskLearner } from '@lp/contract/health';
import { Card, Heading, Link, Text } from '@radix-ui/themes';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { ReachOutDialog } from '@/features/interventions';
import { LearnerOverlay, NotesDialog } from '@/features/learners';
import { formatDateTime } from '@/lib/dates.ts';
import { idParam } from '@/lib/urls.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { Loading } from '@/ui/loading.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { QueryView } from '@/ui/query-view.tsx';
import { useCohortHealth, useCohortProgress } from './api/cohort-health-api.ts';
import { BookLoadTable, ProgressTable } from './components/chart-tables.tsx';
import { DigestPanel } from './components/digest-panel.tsx';
import {
  AtRiskList,
  type LearnerAction,
  RestingList,
  ReviewQueue,
  WhatHelped,
} from './components/health-lists.tsx';
import { hasProgress } from './model/chart-data.ts';
import './components/health.css';

// Chart.js comes with the charts, after the lists have shown.
const loadCharts = () => import('./components/health-charts.tsx');
const BookLoadChart = lazy(() =>
  loadCharts().then((charts) => ({ default: charts.BookLoadChart })),
);
const ProgressChart = lazy(() =>
  loadCharts().then((charts) => ({ default: charts.ProgressChart })),
);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card asChild size="2">
      <section aria-label={title}>
        <Heading as="h2" size="4" mb="3">
          {title}
        </Heading>
        {children}
      </section>
    </Card>
  );
}

function Chart({ children }: { children: ReactNode }) {
  return (
    <div className="lp-health__chart">
      <Suspense fallback={<Loading label="Loading the chart…" />}>{children}</Suspense>
    </div>
  );
}

function ProgressSection({ cohortId }: { cohortId: number }) {
  const progress = useCohortProgress(cohortId);
  return (
    <Section title="Progress through the books">
      <QueryView query={progress} what="cohort's progress">
        {(data) =>
          hasProgress(data) ? (
            <>
              <Text as="p" size="2" color="gray" mb="2">
                The average book of the cohort's learners at the end of each week since it started,
                against the mean of {data.earlier_cohorts} earlier{' '}
                {data.earlier_cohorts === 1 ? 'cohort' : 'cohorts'} of its courses.
              </Text>
              <Chart>
                <ProgressChart progress={data} />
              </Chart>
              <ProgressTable progress={data} />
            </>
          ) : (
            <EmptyState
              title="No progress history yet."
              description="The chart starts once learners of this cohort or an earlier one of its courses have been on a book for a week."
            />
          )
        }
      </QueryView>
    </Section>
  );
}

export default function HealthPage() {
  const cohortId = idParam(useParams().cohortId);
  const valid = Number.isInteger(cohortId);
  const health = useCohortHealth(cohortId, valid);
  const [acting, setActing] = useState<{ learner: AtRiskLearner; action: LearnerAction } | null>(
    null,
  );
  const act = (learner: AtRiskLearner, action: LearnerAction) => setActing({ learner, action });
  const close = () => setActing(null);
  const title = health.data ? `Cohort health: ${health.data.cohort.name}` : 'Cohort health';
  const eyebrow = (
    <Link asChild size="2">
      <RouterLink to="/cohorts">‹ Cohorts</RouterLink>
    </Link>
  );
  if (!valid)
    return (
      <PageLayout title={title} eyebrow={eyebrow}>
        <ErrorCallout error={null} what="cohort" />
      </PageLayout>
    );
  return (
    <PageLayout title={title} eyebrow={eyebrow}>
      <QueryView query={health} what="cohort's health">
        {(data) => (
          <div className="lp-health__sections">
            <Text as="p" size="1" color="gray">
              As of {formatDateTime(data.generated_at)}, for {data.learners.length}{' '}
              {data.learners.length === 1 ? 'learner' : 'learners'}.
            </Text>
            {/* What to do today first, side by side on a wide screen. */}
            <div className="lp-health__today">
              <Section title="Act now">
                {data.learners.length === 0 ? (
                  <EmptyState title="No learners in this cohort yet." />
                ) : (
                  <AtRiskList learners={data.at_risk} level="act_now" onAction={act} />
                )}
              </Section>
              <Section title="Waiting for review">
                <ReviewQueue cohortId={cohortId} entries={data.review_queue} />
              </Section>
            </div>
            {data.learners.length > 0 && (
              <Section title="Watch">
                <AtRiskList learners={data.at_risk} level="watch" onAction={act} />
                <RestingList learners={data.learners} />
              </Section>
            )}
            <Section title="What helped">
              <WhatHelped outcomes={data.what_helped} />
            </Section>
            <DigestPanel cohortId={cohortId} />
            <Section title="Learners per book today">
              {data.books.length === 0 ? (
                <EmptyState title="This cohort has no course books." />
              ) : (
                <>
                  <Chart>
                    <BookLoadChart books={data.books} />
                  </Chart>
                  <BookLoadTable books={data.books} />
                </>
              )}
            </Section>
            <ProgressSection cohortId={cohortId} />
          </div>
        )}
      </QueryView>
      <LearnerOverlay
        learnerId={acting?.learner.student_id ?? 0}
        open={acting?.action === 'overlay'}
        onClose={close}
      />
      <NotesDialog
        learnerId={acting?.learner.student_id ?? 0}
        open={acting?.action === 'notes'}
        onClose={close}
      />
      <ReachOutDialog
        learner={
          acting?.action === 'reach-out'
            ? { id: acting.learner.student_id, name: acting.learner.name }
            : null
        }
        onClose={close}
      />
    </PageLayout>
  );
}
