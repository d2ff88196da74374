import type { Cohort, CohortInfo, UpdateCohortInfoBody } from '@lp/contract/cohorts';
import { Button, Callout, Flex, Text, TextField } from '@radix-ui/themes';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { isWebUrlOrEmpty } from '@/lib/urls.ts';
import { Loading } from '@/ui/loading.tsx';
import { useToast } from '@/ui/toasts/index.ts';
import { saveCohortInfo, useCohortInfo, useSaveCohortInfo } from '../api/cohorts-api.ts';
import { useCohortChange } from './cohort-undo.ts';

const FIELDS = [
  ['attendance_sheet_url', 'Attendance Sheet URL:'],
  ['student_organization_url', 'Github Organization URL:'],
  ['client_course_url', 'Client Side Course URL:'],
  ['server_course_url', 'Server Side Course URL:'],
] as const;
type Field = (typeof FIELDS)[number][0];
type Values = Record<Field, string>;

const blank: Values = {
  attendance_sheet_url: '',
  student_organization_url: '',
  client_course_url: '',
  server_course_url: '',
};

/** The links as saved, each blank where there is none. */
function savedValues(info: CohortInfo | undefined): Values {
  if (!info) return blank;
  return {
    attendance_sheet_url: info.attendance_sheet_url ?? '',
    student_organization_url: info.student_organization_url ?? '',
    client_course_url: info.client_course_url ?? '',
    server_course_url: info.server_course_url ?? '',
  };
}

/** The four cohort URLs and 'Save URLs'; only these four are sent, so other links stay. */
export function CohortLinksForm({ cohort }: { cohort: Cohort }) {
  const info = useCohortInfo(cohort.info);
  const save = useSaveCohortInfo();
  const showChange = useCohortChange();
  const toast = useToast();
  const [values, setValues] = useState<Values>(blank);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  const saved = useMemo(() => savedValues(info.data), [info.data]);
  useEffect(() => {
    if (info.data) setValues(saved);
  }, [info.data, saved]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const bad = FIELDS.find(([key]) => !isWebUrlOrEmpty(values[key]));
    if (bad) {
      setProblem(`${bad[1].replace(':', '')} must be a web address (https://…).`);
      return;
    }
    setProblem(null);
    const urls: UpdateCohortInfoBody = Object.fromEntries(
      FIELDS.map(([key]) => [key, values[key].trim()]),
    );
    // What the links were (blank before their first save); unknown when they could not be read.
    const before: UpdateCohortInfoBody | null =
      cohort.info === null || info.data ? { ...saved } : null;
    const done = `${cohort.name}: links saved.`;
    save.mutate(
      { cohortId: cohort.id, infoId: cohort.info, urls },
      {
        onSuccess: (infoId) =>
          before === null
            ? toast.show(done, { type: 'done', duration: 'short' })
            : showChange({
                done,
                undo: () => saveCohortInfo({ cohortId: cohort.id, infoId, urls: before }),
                undone: `${cohort.name}: links put back.`,
              }),
        onError: (error) => setProblem(error.message),
      },
    );
  }

  if (cohort.info !== null && info.isPending) return <Loading label="Loading links…" />;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Flex direction="column" gap="2">
        {info.isError && (
          <Callout.Root color="amber" size="1">
            <Callout.Text>Could not load the saved links: {info.error.message}</Callout.Text>
          </Callout.Root>
        )}
        {FIELDS.map(([key, label]) => (
          <div key={key}>
            <Flex align="center" gap="2" justify="between">
              <Text as="label" htmlFor={`${id}-${key}`} size="2" style={{ whiteSpace: 'nowrap' }}>
                {label}
              </Text>
              <TextField.Root
                id={`${id}-${key}`}
                size="1"
                type="url"
                value={values[key]}
                onChange={(event) => setValues({ ...values, [key]: event.target.value })}
                style={{ flex: 1 }}
              />
            </Flex>
          </div>
        ))}
        {problem && (
          <Callout.Root color="red" role="alert" size="1">
            <Callout.Text>{problem}</Callout.Text>
          </Callout.Root>
        )}
        <Flex justify="end">
          <Button type="submit" color="blue" loading={save.isPending}>
            Save URLs
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
