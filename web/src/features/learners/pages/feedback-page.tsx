// /feedback/new (spec §2): 1:1 feedback to the learner named in the navigation state
// ({ studentId }), then back to '/'.
import { Button, Flex, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { PageLayout } from '@/ui/page-layout.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { useSendFeedback } from '../api/feedback.ts';
import { useStudent } from '../api/student.ts';

export const FEEDBACK_REQUIRED = 'Feedback text is required.';

function studentIdOf(state: unknown): number | null {
  const id = (state as { studentId?: unknown } | null)?.studentId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

export default function FeedbackPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const studentId = studentIdOf(location.state);
  const student = useStudent(studentId ?? 0, studentId !== null);
  const send = useSendFeedback();
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (studentId === null)
    return (
      <PageLayout title="Send Feedback to Student">
        <Text as="p" size="2">
          Choose a learner first: open their record and use 'Send Feedback'.{' '}
          <RouterLink to="/">Back to the board</RouterLink>
        </Text>
      </PageLayout>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = notes.trim();
    if (!text) {
      setProblem(FEEDBACK_REQUIRED);
      return;
    }
    send.mutate(
      { studentId, notes: text },
      {
        onSuccess: () => {
          toast.show(`Feedback sent to ${student.data?.name ?? 'the learner'}`, {
            type: 'done',
            duration: 'normal',
          });
          navigate('/');
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <PageLayout title="Send Feedback to Student">
      <form onSubmit={submit} noValidate>
        <Flex direction="column" gap="3" maxWidth="640px">
          {student.data && <Text size="2">To {student.data.name}</Text>}
          <TextField.Root
            autoFocus
            aria-label="Feedback"
            placeholder="Add feedback here..."
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
          {problem && (
            <Text size="2" color="red" role="alert">
              {problem}
            </Text>
          )}
          <Flex gap="2">
            <Button type="submit" loading={send.isPending}>
              Send
            </Button>
            <Button type="button" variant="soft" color="gray" onClick={() => navigate(-1)}>
              Cancel
            </Button>
          </Flex>
        </Flex>
      </form>
    </PageLayout>
  );
}
