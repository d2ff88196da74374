import { Box, Button, Callout, Checkbox, Flex, Text, TextArea, TextField } from '@radix-ui/themes';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useStudentProfile } from '@/lib/profile-api.ts';
import { Loading } from '@/ui/loading.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { toast } from '@/ui/toasts/index.ts';
import { useSubmitProposal } from '../api/student-api.ts';
import {
  PROPOSAL_CHECKS,
  type ProposalCheck,
  type ProposalErrors,
  proposalCourse,
  validateProposal,
} from '../model/proposal.ts';

/** /proposal/client: the capstone proposal for the cohort's active course. */
export default function ProposalPage() {
  const profile = useStudentProfile();
  if (profile.isPending) return <Loading label="Loading your profile…" />;
  const { course, sent } = profile.data
    ? proposalCourse(profile.data)
    : { course: null, sent: null };
  if (course && sent) {
    return (
      <PageLayout title="Submit Proposal">
        <Callout.Root color="blue" role="status">
          <Callout.Text>
            Your proposal for {course.course__name} is sent: see its status on your{' '}
            <RouterLink to="/">dashboard</RouterLink>.
          </Callout.Text>
        </Callout.Root>
      </PageLayout>
    );
  }
  if (!profile.data || !course) {
    return (
      <PageLayout title="Submit Proposal">
        <Callout.Root color="amber" role="alert">
          <Callout.Text>
            {profile.error?.message ??
              'Your cohort has no active course, so there is nothing to send a proposal for yet.'}
          </Callout.Text>
        </Callout.Root>
      </PageLayout>
    );
  }
  return <ProposalForm courseId={course.course__id} courseName={course.course__name} />;
}

export function ProposalForm({ courseId, courseName }: { courseId: number; courseName: string }) {
  const [proposalURL, setProposalURL] = useState('');
  const [description, setDescription] = useState('');
  const [checks, setChecks] = useState<Partial<Record<ProposalCheck, boolean>>>({});
  const [errors, setErrors] = useState<ProposalErrors>({});
  const submit = useSubmitProposal();
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateProposal({ proposalURL, description, checks });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    submit.mutate(
      {
        description: description.trim(),
        proposalURL: proposalURL.trim(),
        repoURL: '',
        course: courseId,
      },
      {
        onSuccess: () => {
          navigate('/');
          toast.show('Proposal submitted', { type: 'done', duration: 'normal' });
        },
      },
    );
  };

  return (
    <PageLayout title={`Submit ${courseName} Proposal`}>
      <Box asChild maxWidth="640px">
        <form onSubmit={onSubmit} noValidate>
          <Flex direction="column" gap="4">
            <Box>
              <Text as="label" htmlFor="lp-proposal-url" size="2" weight="medium">
                Proposal URL
              </Text>
              <TextField.Root
                id="lp-proposal-url"
                type="url"
                required
                autoFocus
                placeholder="Paste Google Doc URL here"
                value={proposalURL}
                onChange={(event) => setProposalURL(event.target.value)}
                aria-invalid={errors.proposalURL ? true : undefined}
                aria-describedby={errors.proposalURL ? 'lp-proposal-url-error' : undefined}
              />
              {errors.proposalURL && (
                <Text id="lp-proposal-url-error" as="p" size="1" color="red" mt="1">
                  {errors.proposalURL}
                </Text>
              )}
            </Box>
            <Box>
              <Text as="label" htmlFor="lp-proposal-overview" size="2" weight="medium">
                Project overview
              </Text>
              <TextArea
                id="lp-proposal-overview"
                required
                placeholder="Brief description of project"
                style={{ minHeight: '10rem' }}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={errors.description ? 'lp-proposal-overview-error' : undefined}
              />
              {errors.description && (
                <Text id="lp-proposal-overview-error" as="p" size="1" color="red" mt="1">
                  {errors.description}
                </Text>
              )}
            </Box>
            <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
              <Text as="div" size="2" weight="medium" mb="2">
                Before you submit
              </Text>
              <Flex direction="column" gap="2">
                {PROPOSAL_CHECKS.map(({ key, label }, index) => (
                  <Text
                    as="label"
                    size="2"
                    key={key}
                    style={index === 0 ? { color: 'var(--lp-firebrick)' } : undefined}
                  >
                    <Flex gap="2" align="start">
                      <Checkbox
                        required
                        checked={checks[key] === true}
                        onCheckedChange={(checked) =>
                          setChecks((current) => ({ ...current, [key]: checked === true }))
                        }
                      />
                      {label}
                    </Flex>
                  </Text>
                ))}
              </Flex>
              {errors.checks && (
                <Text as="p" size="1" color="red" mt="2" role="alert">
                  {errors.checks}
                </Text>
              )}
            </fieldset>
            {submit.isError && (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{submit.error.message}</Callout.Text>
              </Callout.Root>
            )}
            <Flex>
              <Button type="submit" loading={submit.isPending}>
                Submit
              </Button>
            </Flex>
          </Flex>
        </form>
      </Box>
    </PageLayout>
  );
}
