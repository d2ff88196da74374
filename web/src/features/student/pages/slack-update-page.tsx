import { FrameIcon } from '@radix-ui/react-icons';
import { Box, Button, Callout, Flex, Grid, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useStudentProfile } from '@/lib/profile-api.ts';
import { Loading } from '@/ui/loading.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { useUpdateSlackHandle } from '../api/student-api.ts';
import { SlackMemberIdAnimation } from '../components/slack-animation.tsx';
import '../student.css';

/** /slackUpdate: how to find the Slack member ID, and a field to save it. */
export default function SlackUpdatePage() {
  const profile = useStudentProfile();
  if (profile.isPending) return <Loading label="Loading your profile…" />;
  if (!profile.data) {
    return (
      <PageLayout title="Slack Member ID">
        <Callout.Root color="red" role="alert">
          <Callout.Text>{profile.error?.message ?? 'No active student'}</Callout.Text>
        </Callout.Root>
      </PageLayout>
    );
  }
  return <SlackForm studentId={profile.data.id} current={profile.data.slack_handle ?? ''} />;
}

function SlackForm({ studentId, current }: { studentId: number; current: string }) {
  const [value, setValue] = useState(current);
  const update = useUpdateSlackHandle(studentId);
  const navigate = useNavigate();
  useEffect(() => setValue(current), [current]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(value.trim(), { onSuccess: () => navigate('/') });
  };

  return (
    <PageLayout title="Slack Member ID">
      <Grid className="lp-two-columns-sm" gap="5" align="center">
        <SlackMemberIdAnimation />
        <Box asChild>
          <form onSubmit={onSubmit}>
            <Text as="p" size="3" mb="3">
              Watch the animation to the left to see how to copy your Slack member ID.
            </Text>
            <Flex gap="2" align="center">
              <TextField.Root
                aria-label="Slack member ID"
                placeholder="Enter Member ID…"
                value={value}
                onChange={(event) => setValue(event.target.value)}
                style={{ flex: 1 }}
              >
                <TextField.Slot>
                  <FrameIcon aria-hidden />
                </TextField.Slot>
              </TextField.Root>
              <Button type="submit" loading={update.isPending}>
                Save
              </Button>
            </Flex>
            {update.isError && (
              <Text as="p" size="2" color="red" role="alert" mt="2">
                {update.error.message}
              </Text>
            )}
          </form>
        </Box>
      </Grid>
    </PageLayout>
  );
}
