// The dashboard's top strip (spec §2 Dashboard): links to every cohort the person coaches, then
// to the other active cohorts (with a cohort search, 's c'), the learner search ('s l') and, for capstone cohorts, the 'N / total @ MVP' counter.
import type { CohortRef } from '@lp/contract/profile';
import { TextField } from '@radix-ui/themes';
import { type RefObject, useMemo, useState } from 'react';
import { useActiveCohorts } from '@/features/cohorts';
import { useCoachedCohorts } from '@/lib/profile-api.ts';

interface CohortStripProps {
  cohortId: number;
  onChooseCohort: (cohortId: number) => void;
  search: string;
  onSearch: (text: string) => void;
  searchRef: RefObject<HTMLInputElement | null>;
  cohortSearchRef: RefObject<HTMLInputElement | null>;
  /** The capstone counter, or null for a normal cohort. */
  mvp: string | null;
}

/** Every coached cohort (active or not), then the other active cohorts; each once. */
function stripCohorts(coached: CohortRef[], active: CohortRef[]): CohortRef[] {
  const ids = new Set(coached.map((cohort) => cohort.id));
  return [...coached, ...active.filter((cohort) => !ids.has(cohort.id))];
}

export function CohortStrip(props: CohortStripProps) {
  const { cohortId, onChooseCohort, search, onSearch, searchRef, cohortSearchRef, mvp } = props;
  const active = useActiveCohorts();
  const coached = useCoachedCohorts();
  const [cohortText, setCohortText] = useState('');
  const shown = useMemo(() => {
    const words = cohortText.toLocaleLowerCase().split(/\s+/).filter(Boolean);
    return stripCohorts(coached.data ?? [], active.data ?? []).filter((cohort) =>
      words.every((word) => cohort.name.toLocaleLowerCase().includes(word)),
    );
  }, [coached.data, active.data, cohortText]);
  const loaded = active.isSuccess || coached.isSuccess;

  return (
    <div className="lp-strip">
      <div className="lp-strip__cohorts">
        <TextField.Root
          ref={cohortSearchRef}
          size="1"
          type="search"
          className="lp-strip__cohort-search"
          placeholder="Search cohorts (s c)"
          aria-label="Search cohorts"
          value={cohortText}
          onChange={(event) => setCohortText(event.target.value)}
          onKeyDown={(event) => {
            const first = shown[0];
            if (event.key === 'Enter' && first) {
              onChooseCohort(first.id);
              setCohortText('');
            }
            if (event.key === 'Escape') setCohortText('');
          }}
        />
        <nav aria-label="Active cohorts">
          <ul>
            {shown.map((cohort) => (
              <li key={cohort.id}>
                <button
                  type="button"
                  className={
                    cohort.id === cohortId
                      ? 'lp-strip__cohort lp-strip__cohort--current'
                      : 'lp-strip__cohort'
                  }
                  aria-current={cohort.id === cohortId ? 'true' : undefined}
                  onClick={() => onChooseCohort(cohort.id)}
                >
                  {cohort.name}
                </button>
              </li>
            ))}
            {loaded && shown.length === 0 && <li className="lp-strip__none">No matching cohort</li>}
          </ul>
        </nav>
      </div>
      <TextField.Root
        ref={searchRef}
        className="lp-strip__search"
        type="search"
        placeholder="Search learners & tags (s l)"
        aria-label="Search learners and tags"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onSearch('');
        }}
      />
      {mvp && (
        <output className="lp-strip__mvp" aria-label="Learners at MVP">
          {mvp}
        </output>
      )}
    </div>
  );
}
