// /learners/:learnerId — a learner's record as a page (deep links; the same as the overlay), with
// the notes and tag dialogs, the learner's tags and a way to send 1:1 feedback.
import { Button, Flex } from '@radix-ui/themes';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/lib/api-client.ts';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { Loading } from '@/ui/loading.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { useStudent } from '../api/student.ts';
import { useStudentTags, useTags } from '../api/tags.ts';
import { CohortsDialog } from '../components/cohorts-dialog.tsx';
import { LearnerRecord } from '../components/learner-record.tsx';
import { NotesDialog } from '../components/notes-dialog.tsx';
import { TagChips } from '../components/tag-chips.tsx';
import { TagDialog } from '../components/tag-dialog.tsx';

export default function LearnerPage() {
  const { learnerId } = useParams();
  const id = Number(learnerId);
  const valid = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const student = useStudent(id, valid);
  const [dialog, setDialog] = useState<'notes' | 'tags' | 'cohorts' | null>(null);

  // An unknown learner (removed, or a mistyped link) is not worth retrying: offer the way back.
  const unknown = !valid || (student.error instanceof ApiError && student.error.status === 404);
  if (unknown)
    return (
      <PageLayout title="Learner">
        <ErrorCallout error={null} what="learner" compact />
        <Button asChild variant="soft">
          <Link to="/">Back to the board</Link>
        </Button>
      </PageLayout>
    );
  if (student.isPending) return <Loading label="Loading learner…" />;
  if (student.isError)
    return (
      <PageLayout title="Learner">
        <ErrorCallout error={student.error} retry={() => student.refetch()} compact />
      </PageLayout>
    );

  const learner = student.data;
  return (
    <PageLayout
      title="Learner Record"
      actions={
        <>
          <Button variant="soft" onClick={() => setDialog('notes')}>
            Learner Notes
          </Button>
          <Button variant="soft" onClick={() => setDialog('tags')}>
            Tag Learner
          </Button>
          <Button variant="soft" onClick={() => setDialog('cohorts')}>
            Cohorts
          </Button>
          <Button
            variant="soft"
            onClick={() => navigate('/feedback/new', { state: { studentId: learner.id } })}
          >
            Send Feedback
          </Button>
        </>
      }
    >
      <Flex direction="column" gap="3">
        <LearnerTags learnerId={learner.id} learnerName={learner.name} />
        <div>
          <LearnerRecord
            learnerId={learner.id}
            learner={learner}
            onCleared={() => {}}
            onDeleted={() => navigate('/')}
          />
        </div>
      </Flex>
      <NotesDialog
        learnerId={learner.id}
        open={dialog === 'notes'}
        onClose={() => setDialog(null)}
      />
      <TagDialog learnerId={learner.id} open={dialog === 'tags'} onClose={() => setDialog(null)} />
      <CohortsDialog
        learnerId={learner.id}
        open={dialog === 'cohorts'}
        onClose={() => setDialog(null)}
      />
    </PageLayout>
  );
}

function LearnerTags({ learnerId, learnerName }: { learnerId: number; learnerName: string }) {
  const links = useStudentTags(learnerId);
  const tags = useTags();
  const names = new Map((tags.data ?? []).map((tag) => [tag.id, tag.name]));
  const chips = (links.data ?? []).flatMap((link) => {
    const name = names.get(link.tag);
    return name ? [{ id: link.id, tag: name }] : [];
  });
  return <TagChips learnerId={learnerId} learnerName={learnerName} tags={chips} />;
}
