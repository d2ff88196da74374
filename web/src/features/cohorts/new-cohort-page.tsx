import type { Course } from '@lp/contract/courses';
import { QuestionMarkCircledIcon } from '@radix-ui/react-icons';
import { Badge, Button, Callout, Flex, Heading, Text, TextField, Tooltip } from '@radix-ui/themes';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useActiveCourses } from '@/features/catalogue';
import { Loading } from '@/ui/loading.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { useToast } from '@/ui/toasts/index.ts';
import { useCreateCohort } from './api/cohorts-api.ts';
import {
  emptyNewCohort,
  type NewCohortForm,
  newCohortBody,
  newCohortProblem,
} from './model/new-cohort.ts';
import './components/cohorts.css';
import { ICON_TOOLTIP_DELAY_MS } from '@/ui/tooltip-delay.ts';

function Field({
  label,
  help,
  children,
}: {
  label: string;
  help?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <Flex align="center" gap="1" mb="1">
        <Text as="label" htmlFor={id} size="2" weight="medium">
          {label}
        </Text>
        {help && (
          <Tooltip content={help} delayDuration={ICON_TOOLTIP_DELAY_MS}>
            <QuestionMarkCircledIcon aria-label={help} />
          </Tooltip>
        )}
      </Flex>
      {children(id)}
    </div>
  );
}

function CoursePicker(props: {
  title: string;
  courses: readonly Pick<Course, 'id' | 'name'>[];
  chosen: number | null;
  onChoose(id: number): void;
}) {
  return (
    <section aria-label={props.title}>
      <Heading as="h2" size="3" mb="2">
        {props.title}
      </Heading>
      <Flex gap="2" wrap="wrap">
        {props.courses.map((course) => (
          <button
            key={course.id}
            type="button"
            aria-pressed={props.chosen === course.id}
            className="lp-course-choice"
            onClick={() => props.onChoose(course.id)}
          >
            <Badge size="2" variant="solid" color={props.chosen === course.id ? 'tomato' : 'gray'}>
              {course.name}
            </Badge>
          </button>
        ))}
      </Flex>
    </section>
  );
}

/** /cohorts/new: name, org URL, Slack channel, dates and one course for each side. */
export default function NewCohortPage() {
  const [form, setForm] = useState<NewCohortForm>(emptyNewCohort);
  const [problem, setProblem] = useState<string | null>(null);
  const courses = useActiveCourses();
  const create = useCreateCohort();
  const navigate = useNavigate();
  const toast = useToast();
  const set = (changes: Partial<NewCohortForm>) =>
    setForm((current) => ({ ...current, ...changes }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = newCohortProblem(form);
    setProblem(found);
    if (found) return;
    create.mutate(newCohortBody(form), {
      onSuccess: (cohort) => {
        toast.show(`${cohort.name} created`, { type: 'done', duration: 'short' });
        navigate('/cohorts');
      },
      onError: (error) => setProblem(error.message),
    });
  }

  return (
    <PageLayout title="New Cohort">
      <form onSubmit={onSubmit} noValidate>
        <Flex gap="6" wrap="wrap">
          <Flex direction="column" gap="3" style={{ flex: '1 1 20rem', maxWidth: '28rem' }}>
            <Field label="Cohort name" help="Day Cohort 62, for example.">
              {(id) => (
                <TextField.Root
                  id={id}
                  autoFocus
                  value={form.name}
                  onChange={(e) => set({ name: e.target.value })}
                />
              )}
            </Field>
            <Field label="Github Org URL">
              {(id) => (
                <TextField.Root
                  id={id}
                  type="url"
                  value={form.orgURL}
                  placeholder="https://github.com/…"
                  onChange={(e) => set({ orgURL: e.target.value })}
                />
              )}
            </Field>
            <Field
              label="Instructor Slack Channel ID"
              help="Click on the instructor channel name at the top of Slack. Channel ID is at the bottom of pop-up."
            >
              {(id) => (
                <TextField.Root
                  id={id}
                  value={form.slackChannel}
                  onChange={(e) => set({ slackChannel: e.target.value })}
                />
              )}
            </Field>
            <Flex gap="3">
              <Field label="Start date">
                {(id) => (
                  <TextField.Root
                    id={id}
                    type="date"
                    value={form.startDate}
                    onChange={(e) => set({ startDate: e.target.value })}
                  />
                )}
              </Field>
              <Field label="End date">
                {(id) => (
                  <TextField.Root
                    id={id}
                    type="date"
                    value={form.endDate}
                    min={form.startDate}
                    onChange={(e) => set({ endDate: e.target.value })}
                  />
                )}
              </Field>
            </Flex>
            {problem && (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{problem}</Callout.Text>
              </Callout.Root>
            )}
            <Flex>
              <Button type="submit" color="blue" loading={create.isPending}>
                Create
              </Button>
            </Flex>
          </Flex>
          <Flex direction="column" gap="4" style={{ flex: '1 1 20rem' }}>
            {courses.isPending && <Loading label="Loading courses…" />}
            {courses.isError && (
              <Callout.Root color="red" role="alert">
                <Callout.Text>Could not load courses: {courses.error.message}</Callout.Text>
              </Callout.Root>
            )}
            {courses.isSuccess && (
              <>
                <CoursePicker
                  title="Client side"
                  courses={courses.data}
                  chosen={form.clientSide}
                  onChoose={(id) => set({ clientSide: id })}
                />
                <CoursePicker
                  title="Server side"
                  courses={courses.data}
                  chosen={form.serverSide}
                  onChoose={(id) => set({ serverSide: id })}
                />
              </>
            )}
          </Flex>
        </Flex>
      </form>
    </PageLayout>
  );
}
