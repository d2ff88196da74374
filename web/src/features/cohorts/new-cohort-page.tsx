import type { Course } from '@lp/contract/courses';
import { QuestionMarkCircledIcon } from '@radix-ui/react-icons';
import { Badge, Button, Callout, Flex, Heading, Text, TextField, Tooltip } from '@radix-ui/themes';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { useActiveCourses } from '@/features/catalogue';
import { RequiredMark, RequiredNote } from '@/ui/form-field.tsx';
import { Loading } from '@/ui/loading.tsx';
import { PageLayout } from '@/ui/page-layout.tsx';
import { removeCohort, useCreateCohort } from './api/cohorts-api.ts';
import { useCohortChange } from './components/cohort-undo.ts';
import {
  emptyNewCohort,
  missingNewCohortFields,
  type NewCohortForm,
  type NewCohortTextField,
  newCohortBody,
  newCohortProblem,
} from './model/new-cohort.ts';
import './components/cohorts.css';
import { ICON_TOOLTIP_DELAY_MS } from '@/ui/tooltip-delay.ts';

/** What a required control of the form carries: its id, name and whether it is missing. */
interface ControlProps {
  id: string;
  name: NewCohortTextField;
  'aria-required': true;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

function Field({
  label,
  name,
  missing,
  help,
  children,
}: {
  label: string;
  name: NewCohortTextField;
  /** Left empty at the last try: marked invalid and described by the form's alert. */
  missing: boolean;
  help?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const control: ControlProps = {
    id,
    name,
    'aria-required': true,
    'aria-invalid': missing,
    ...(missing ? { 'aria-describedby': PROBLEM_ID } : {}),
  };
  return (
    <div>
      <Flex align="center" gap="1" mb="1">
        <Text as="label" htmlFor={id} size="2" weight="medium">
          {label}
          <RequiredMark />
        </Text>
        {help && (
          <Tooltip content={help} delayDuration={ICON_TOOLTIP_DELAY_MS}>
            <QuestionMarkCircledIcon aria-label={help} />
          </Tooltip>
        )}
      </Flex>
      {children(control)}
    </div>
  );
}

const PROBLEM_ID = 'new-cohort-problem';

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
  const [missing, setMissing] = useState<readonly NewCohortTextField[]>([]);
  const courses = useActiveCourses();
  const create = useCreateCohort();
  const navigate = useNavigate();
  const showChange = useCohortChange();
  const set = (changes: Partial<NewCohortForm>) =>
    setForm((current) => ({ ...current, ...changes }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = newCohortProblem(form);
    const empty = found ? missingNewCohortFields(form) : [];
    // Rendered at once, so that the first empty field takes the focus already marked.
    flushSync(() => {
      setProblem(found);
      setMissing(empty);
    });
    if (found) {
      const first = empty[0] && event.currentTarget.querySelector(`[name="${empty[0]}"]`);
      if (first instanceof HTMLElement) first.focus();
      return;
    }
    create.mutate(newCohortBody(form), {
      onSuccess: (cohort) => {
        // Made by mistake: removed again while no learner has been in it.
        showChange({
          done: `${cohort.name} created`,
          undo: () => removeCohort(cohort.id),
          undone: `${cohort.name} removed.`,
        });
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
            <RequiredNote />
            <Field
              label="Cohort name"
              name="name"
              missing={missing.includes('name')}
              help="Day Cohort 62, for example."
            >
              {(control) => (
                <TextField.Root
                  {...control}
                  autoFocus
                  value={form.name}
                  onChange={(e) => set({ name: e.target.value })}
                />
              )}
            </Field>
            <Field label="Github Org URL" name="orgURL" missing={missing.includes('orgURL')}>
              {(control) => (
                <TextField.Root
                  {...control}
                  type="url"
                  value={form.orgURL}
                  placeholder="https://github.com/…"
                  onChange={(e) => set({ orgURL: e.target.value })}
                />
              )}
            </Field>
            <Field
              label="Instructor Slack Channel ID"
              name="slackChannel"
              missing={missing.includes('slackChannel')}
              help="Click on the instructor channel name at the top of Slack. Channel ID is at the bottom of pop-up."
            >
              {(control) => (
                <TextField.Root
                  {...control}
                  value={form.slackChannel}
                  onChange={(e) => set({ slackChannel: e.target.value })}
                />
              )}
            </Field>
            <Flex gap="3">
              <Field label="Start date" name="startDate" missing={missing.includes('startDate')}>
                {(control) => (
                  <TextField.Root
                    {...control}
                    type="date"
                    value={form.startDate}
                    onChange={(e) => set({ startDate: e.target.value })}
                  />
                )}
              </Field>
              <Field label="End date" name="endDate" missing={missing.includes('endDate')}>
                {(control) => (
                  <TextField.Root
                    {...control}
                    type="date"
                    value={form.endDate}
                    min={form.startDate}
                    onChange={(e) => set({ endDate: e.target.value })}
                  />
                )}
              </Field>
            </Flex>
            {problem && (
              <Callout.Root color="red" role="alert" id={PROBLEM_ID}>
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
