import { Button, Callout } from '@radix-ui/themes';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/ui/empty-state.tsx';
import { Loading } from '@/ui/loading.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { type CohortView, useCohortList } from './api/cohorts-api.ts';
import { CohortCard } from './components/cohort-card.tsx';
import { CohortOverlay } from './components/cohort-overlay.tsx';
import './components/cohorts.css';

/**
 * /cohorts: active cohorts (or the 12 most recent inactive ones) as cards. The overlay of a
 * cohort is ?cohort={id}, so it survives a reload and Back closes it.
 */
export default function CohortListPage() {
  const [params, setParams] = useSearchParams();
  const view: CohortView = params.get('view') === 'previous' ? 'previous' : 'active';
  const openId = Number(params.get('cohort')) || null;
  const cohorts = useCohortList(view);

  const change = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged);
  };

  return (
    <PageLayout
      title="Cohorts"
      actions={
        <>
          <Button asChild>
            <Link to="/cohorts/new">Create Cohort</Link>
          </Button>
          {view === 'active' ? (
            <Button color="brown" onClick={() => change({ view: 'previous' })}>
              Show Previous 12 Cohorts
            </Button>
          ) : (
            <Button color="gold" onClick={() => change({ view: null })}>
              Show Active Cohorts
            </Button>
          )}
        </>
      }
    >
      {cohorts.isPending && <Loading label="Loading cohorts…" />}
      {cohorts.isError && (
        <Callout.Root color="red" role="alert">
          <Callout.Text>
            Could not load cohorts: {cohorts.error.message}{' '}
            <Button size="1" variant="ghost" onClick={() => cohorts.refetch()}>
              Try again
            </Button>
          </Callout.Text>
        </Callout.Root>
      )}
      {cohorts.isSuccess && cohorts.data.length === 0 && (
        <EmptyState
          title={view === 'active' ? 'No active cohorts' : 'No previous cohorts'}
          description={view === 'active' ? 'Create a cohort to get started.' : undefined}
        />
      )}
      {cohorts.isSuccess && cohorts.data.length > 0 && (
        <div className="lp-cohort-grid">
          {cohorts.data.map((cohort) => (
            <CohortCard
              key={cohort.id}
              cohort={cohort}
              onOpen={(id) => change({ cohort: String(id) })}
            />
          ))}
        </div>
      )}
      <CohortOverlay cohortId={openId} onClose={() => change({ cohort: null })} />
    </PageLayout>
  );
}
