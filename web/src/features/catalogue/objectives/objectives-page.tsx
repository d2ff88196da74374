import { Text } from '@radix-ui/themes';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '@/ui/empty-state.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { QueryView } from '@/ui/query-view.tsx';
import { useObjectives } from '../api/objectives.ts';
import { Breadcrumb } from '../components/catalogue-ui.tsx';
import { AddObjective } from './objective-form.tsx';
import { ObjectivesTable } from './objectives-table.tsx';

/** /objectives: staff add, rename and re-weight learning objectives. */
export default function ObjectivesPage() {
  const objectives = useObjectives();
  return (
    <PageLayout
      documentTitle="Learning Objectives"
      title={
        <Breadcrumb
          items={[{ label: 'Courses', to: '/courses' }, { label: 'Learning Objectives' }]}
        />
      }
    >
      <Text as="p" size="2" color="gray" mb="3">
        What a learner can do once a self-assessment is reviewed. The weight is the points it adds
        to a learner's score; tiers order the list.
      </Text>
      <AddObjective />
      <QueryView query={objectives} what="learning objectives">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No learning objectives yet" description="Add the first one above." />
          ) : (
            <ObjectivesTable objectives={list} />
          )
        }
      </QueryView>
      <Text as="p" size="2" mt="4">
        <RouterLink to="/assessments">Self-assessments</RouterLink> list which objectives they
        cover.
      </Text>
    </PageLayout>
  );
}
