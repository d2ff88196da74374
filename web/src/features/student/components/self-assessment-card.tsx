import type { StartAssessmentResponse } from '@lp/contract/board';
import type { StudentProfile } from '@lp/contract/profile';
import { Badge, Button, Card, Checkbox, Flex, Text, TextArea } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { JobProgress } from '@/features/jobs';
import { AppDialog } from '@/ui/dialog/index.ts';
import { toast } from '@/ui/toasts/index.ts';
import { useStartSelfAssessment, useSubmitSelfAssessment } from '../api/student-api.ts';
import { CardHeading } from './student-cards.tsx';

/** Spec §8/§9: the 'Already Started' toast stays 6000 ms; the 'Sent!' one 8000 ms. */
export const CONFLICT_TOAST_MS = 6000;
export const SENT_TOAST_MS = 8000;
export const STARTED_MESSAGE =
  'Your self-assessment project has been created. You will receive a notification in Slack with the link to the project.';
export const CHECKBOXES_MESSAGE =
  'Please complete the Vocabulary & Understanding questions and push your code to Github.';
export const SENT_MESSAGE =
  'If you want to request a 1-on-1 review, send a message in your cohort channel.';
/**
 * What the start made, as the server answered: the spec's sentence only when a repository is
 * being made and Slack will bring its link; otherwise what is true (the server says why no
 * repository was made).
 */
export function startedMessage(started: StartAssessmentResponse) {
  if (!started.url) return started.message;
  return started.link_in_slack
    ? STARTED_MESSAGE
    : `Your self-assessment project is being created at ${started.url}.`;
}

/** Why there is nothing to submit: the current book's self-assessment is not started. */
export const notStartedMessage = (bookName: string | undefined) =>
  bookName
    ? `Start the ${bookName} self-assessment first: it is the one to submit.`
    : "You need a current project, and its book's self-assessment started, before you can submit one.";

/**
 * The self-assessment the dialog submits: the one of the current book. An earlier book's is never
 * sent again in its place.
 */
export function assessmentToSubmit(profile: StudentProfile) {
  return profile.assessment_overview.find((item) => item.book.id === profile.project.book_id);
}

/** 'Book Self-Assessments': start one for the current book, or submit it for review. */
export function SelfAssessmentCard({ profile }: { profile: StudentProfile }) {
  const start = useStartSelfAssessment(profile.id);
  const [open, setOpen] = useState(false);
  // The job making the repository of the self-assessment just started, followed on the card.
  const [jobId, setJobId] = useState<number | null>(null);
  const bookId = profile.project.book_id;
  const toastIds = useToastsOfThisCard();

  const onStart = () => {
    if (!bookId) {
      toastIds.add(
        toast.show('You need a current project before you can start its self-assessment.', {
          type: 'warning',
        }),
      );
      return;
    }
    start.mutate(bookId, {
      onSuccess: (result) => {
        if (result.kind === 'conflict') {
          const { existing } = result;
          const link = existing.url;
          toastIds.add(
            toast.show(
              `You have already started the ${existing.assessment.name} self-assessment. Its status is ${existing.status}.${link ? ` Here is the link ${link}` : ''}`,
              {
                type: 'info',
                title: 'Already Started',
                duration: CONFLICT_TOAST_MS,
                action: link
                  ? {
                      label: 'Open link',
                      onClick: () => window.open(link, '_blank', 'noopener,noreferrer'),
                    }
                  : undefined,
              },
            ),
          );
        } else {
          toastIds.add(
            toast.show(startedMessage(result.response), { type: 'done', duration: 'normal' }),
          );
          setJobId(result.response.job_id);
        }
      },
      onError: (error) => {
        toastIds.add(toast.show(error.message, { type: 'error' }));
      },
    });
  };

  return (
    <Card size="2">
      <CardHeading>Book Self-Assessments</CardHeading>
      <Text as="p" size="2" mb="3">
        Finished the core projects of your book? Then you are ready for its self-assessment.
      </Text>
      <Flex gap="2" wrap="wrap" mb="2">
        <Button color="iris" onClick={onStart} loading={start.isPending}>
          Start Self-Assessment
        </Button>
        <Button color="grass" onClick={() => setOpen(true)}>
          Submit Self-Assessment
        </Button>
      </Flex>
      <Text as="p" size="1" color="gray">
        Start creates your assessment repository; submit it once your answers and code are pushed.
      </Text>
      {jobId !== null && (
        <JobProgress jobId={jobId} title="Your self-assessment repository" canRetry={false} />
      )}
      <SubmitSelfAssessmentDialog
        open={open}
        onOpenChange={setOpen}
        profile={profile}
        onSent={(id) => toastIds.add(id)}
      />
    </Card>
  );
}

/** Toasts this card showed are removed when the dashboard is left (spec §15.3). */
function useToastsOfThisCard() {
  const [ids] = useState(() => new Set<number>());
  useEffect(
    () => () => {
      for (const id of ids) toast.dismiss(id);
    },
    [ids],
  );
  return ids;
}

export function SubmitSelfAssessmentDialog({
  open,
  onOpenChange,
  profile,
  onSent,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profile: StudentProfile;
  onSent?: (toastId: number) => void;
}) {
  const submit = useSubmitSelfAssessment(profile.id);
  const [vocabulary, setVocabulary] = useState(false);
  const [pushed, setPushed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const assessment = assessmentToSubmit(profile);

  const reset = () => {
    setVocabulary(false);
    setPushed(false);
    setError(null);
    submit.reset();
  };

  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const onSave = () => {
    if (!assessment) return;
    if (!vocabulary || !pushed) {
      setError(CHECKBOXES_MESSAGE);
      return;
    }
    submit.mutate(assessment.id, {
      onSuccess: () => {
        close(false);
        onSent?.(
          toast.show(SENT_MESSAGE, { type: 'done', title: 'Sent!', duration: SENT_TOAST_MS }),
        );
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <AppDialog
      open={open}
      onOpenChange={close}
      title="Complete Self-Assessment"
      description="Confirm that your code is complete, that you answered the Vocabulary & Understanding questions, and that everything is pushed to Github."
    >
      <Flex direction="column" gap="3">
        {assessment?.github_url ? (
          <div>
            <Text as="label" htmlFor="lp-assessment-repo" size="2" weight="medium">
              Github Repository URL
            </Text>
            <TextArea id="lp-assessment-repo" readOnly value={assessment.github_url} />
          </div>
        ) : (
          <Text as="p" size="2" color="gray">
            {assessment
              ? `${assessment.name}: no repository was created for this self-assessment, because ${assessment.no_repository_reason ?? 'it was started without one'}.`
              : notStartedMessage(profile.project.book_name)}
          </Text>
        )}
        {error && (
          <Badge color="crimson" size="2" role="alert" style={{ whiteSpace: 'normal' }}>
            {error}
          </Badge>
        )}
        <Text as="label" size="2">
          <Flex gap="2" align="start">
            <Checkbox
              checked={vocabulary}
              onCheckedChange={(checked) => {
                setVocabulary(checked === true);
                setError(null);
              }}
            />
            I have completed the Vocabulary & Understanding questions.
          </Flex>
        </Text>
        <Text as="label" size="2">
          <Flex gap="2" align="start">
            <Checkbox
              checked={pushed}
              onCheckedChange={(checked) => {
                setPushed(checked === true);
                setError(null);
              }}
            />
            All of my code has been pushed to Github.
          </Flex>
        </Text>
        <Flex justify="end" gap="2" mt="2">
          <Button variant="soft" color="gray" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button onClick={onSave} loading={submit.isPending} disabled={!assessment}>
            Submit
          </Button>
        </Flex>
      </Flex>
    </AppDialog>
  );
}
