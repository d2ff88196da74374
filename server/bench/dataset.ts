/** Runs one statement with parameters (either engine). */
export type RunStatement = (sql: string, params: unknown[]) => Promise<unknown>;

// The dataset of design §7: 60 cohorts over 5 years, 1,800 learners with project, assessment,
// record and note history. Deterministic (seeded); rows are built in memory, column-wise, and
// written with one `insert ... select from unnest(...)` per table and 20,000 rows.
// At scale N (`npm run bench -- --scale N`) N cohorts start each month: N× the cohorts, learners
// and rows over the same 5 years; the board's cohort still has 40 learners.

export const DATASET = { cohorts: 60, learners: 1800, boardCohortSize: 40, staff: 40 } as const;

/** The dataset's size at a scale. */
export const datasetAt = (scale: number) => ({
  ...DATASET,
  cohorts: DATASET.cohorts * scale,
  learners: DATASET.learners * scale,
});

/** The cohort whose board is measured: started 5 months ago, active, with 40 learners. */
export const boardCohortAt = (scale: number) => datasetAt(scale).cohorts - 5 * scale;
const DAY = 86_400_000;
const PROGRAM_DAYS = 300;

function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Value = number | string | boolean | null;

/** Appends rows column-wise; flush() writes them with one `insert ... select from unnest(...)`. */
export class Bulk {
  readonly rows: Value[][] = [];
  readonly columns: Array<[name: string, type: string]>;
  /** `columns` as 'name type, name type'. */
  constructor(
    readonly table: string,
    columns: string,
  ) {
    this.columns = columns.split(', ').map((column) => column.split(' ') as [string, string]);
  }
  add(...row: Value[]) {
    this.rows.push(row);
  }
  async flush(run: RunStatement) {
    for (let start = 0; start < this.rows.length; start += 20_000) {
      const chunk = this.rows.slice(start, start + 20_000);
      const arrays = this.columns.map((_, i) => chunk.map((row) => row[i]));
      const names = this.columns.map(([name]) => name).join(', ');
      const unnest = this.columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
      await run(`insert into ${this.table} (${names}) select * from unnest(${unnest})`, arrays);
    }
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
const isoDate = (ms: number) => iso(ms).slice(0, 10);

/** Builds every row in memory, then writes table by table. */
export function build(now: number, scale = 1) {
  const size = datasetAt(scale);
  const rnd = random(20_260_101);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rnd() * items.length)] as T;
  const t = {
    people: new Bulk(
      'people',
      'id int, username text, first_name text, last_name text, email text, is_staff bool, github_login text, avatar_url text, slack_handle text',
    ),
    cohorts: new Bulk(
      'cohorts',
      'id int, name text, slack_channel text, start_date date, end_date date, active bool, invitation_secret text, calendar_secret text',
    ),
    cohortInfo: new Bulk('cohort_info', 'cohort_id int, student_organization_url text'),
    courses: new Bulk('courses', 'id int, name text'),
    cohortCourses: new Bulk(
      'cohort_courses',
      'cohort_id int, course_id int, active bool, index int2',
    ),
    books: new Bulk('books', 'id int, course_id int, name text, index int'),
    projects: new Bulk('projects', 'id int, book_id int, name text, index int'),
    objectives: new Bulk('learning_objectives', 'id int, label text, weight int'),
    assessments: new Bulk('assessments', 'id int, book_id int, name text, source_url text'),
    assessmentObjectives: new Bulk('assessment_objectives', 'assessment_id int, objective_id int'),
    memberships: new Bulk(
      'cohort_memberships',
      'cohort_id int, person_id int, joined_at timestamptz, left_at timestamptz',
    ),
    coaches: new Bulk('cohort_coaches', 'cohort_id int, person_id int'),
    studentProjects: new Bulk(
      'student_projects',
      'student_id int, project_id int, assigned_at timestamptz',
    ),
    studentAssessments: new Bulk(
      'student_assessments',
      'student_id int, assessment_id int, status_id int, url text, created_at timestamptz, status_changed_at timestamptz',
    ),
    records: new Bulk(
      'learning_records',
      'id int, student_id int, objective_id int, achieved bool, created_at timestamptz',
    ),
    entries: new Bulk(
      'learning_record_entries',
      'record_id int, note text, recorded_at timestamptz',
    ),
    notes: new Bulk(
      'notes',
      'student_id int, author_id int, note_type_id int, note text, created_at timestamptz',
    ),
    tags: new Bulk('tags', 'id int, name text'),
    studentTags: new Bulk('student_tags', 'student_id int, tag_id int'),
    capstones: new Bulk(
      'capstones',
      'id int, student_id int, course_id int, proposal_url text, description text, created_at timestamptz',
    ),
    timelines: new Bulk(
      'capstone_timelines',
      'capstone_id int, status_id int, created_at timestamptz',
    ),
  };

  // Curriculum: a client-side course, then one of two server-side courses.
  const curriculum = [
    { name: 'Client-Side Foundations', books: 6 },
    { name: 'Server-Side Python', books: 5 },
    { name: 'Server-Side .NET', books: 5 },
  ];
  let bookId = 0;
  let projectId = 0;
  let objectiveId = 0;
  const courses = curriculum.map((course, c) => {
    t.courses.add(c + 1, course.name);
    const books = [];
    for (let b = 0; b < course.books; b += 1) {
      bookId += 1;
      t.books.add(bookId, c + 1, `${course.name.split(' ')[0]} Book ${b + 1}`, b);
      const projects = [];
      for (let p = 0; p < 4; p += 1) {
        projectId += 1;
        t.projects.add(projectId, bookId, `Project ${b + 1}.${p + 1}`, p);
        projects.push(projectId);
      }
      t.assessments.add(
        bookId,
        bookId,
        `Book ${b + 1} Self Assessment ${c + 1}`,
        `https://github.com/templates/self-assessment-${bookId}`,
      );
      const objectives = [];
      for (let o = 0; o < 5; o += 1) {
        objectiveId += 1;
        t.objectives.add(objectiveId, `Objective ${bookId}.${o + 1}`, 5 + ((o * 7) % 21));
        t.assessmentObjectives.add(bookId, objectiveId);
        objectives.push(objectiveId);
      }
      books.push({ id: bookId, projects, assessment: bookId, objectives });
    }
    return { id: c + 1, books };
  });

  const tagNames = [
    ...Array.from({ length: 8 }, (_, i) => `Team ${i + 1}`),
    'Pairing',
    'Needs Support',
    'Mentor',
    'Career Prep',
    'Evening',
    'Veteran',
  ];
  for (const [i, name] of tagNames.entries()) t.tags.add(i + 1, name);

  let personId = 0;
  const staffIds: number[] = [];
  for (let s = 0; s < size.staff; s += 1) {
    personId += 1;
    staffIds.push(personId);
    t.people.add(
      personId,
      `coach${s + 1}`,
      `Coach${s + 1}`,
      `Staff${s + 1}`,
      `coach${s + 1}@example.com`,
      true,
      `coach-${s + 1}`,
      null,
      null,
    );
  }

  // Cohort sizes: the board cohort has 40 learners, the others share the rest.
  const boardCohort = boardCohortAt(scale);
  const others = size.learners - size.boardCohortSize;
  const sizes = Array.from({ length: size.cohorts }, (_, i) => {
    if (i === boardCohort - 1) return size.boardCohortSize;
    const index = i < boardCohort - 1 ? i : i - 1;
    return Math.floor(others / (size.cohorts - 1)) + (index < others % (size.cohorts - 1) ? 1 : 0);
  });

  let recordId = 0;
  let capstoneId = 0;
  const firstNames = [
    'Ada',
    'Ben',
    'Cara',
    'Dev',
    'Eli',
    'Fay',
    'Gus',
    'Hana',
    'Ivo',
    'Jo',
    'Kai',
    'Lea',
    'Mo',
    'Nia',
    'Oz',
    'Pia',
    'Quin',
    'Rae',
    'Sol',
    'Tia',
  ];
  const lastNames = [
    'Adams',
    'Baker',
    'Chen',
    'Diaz',
    'Evans',
    'Fox',
    'Garcia',
    'Hill',
    'Ito',
    'Jones',
    'Khan',
    'Lopez',
    'Moore',
    'Nguyen',
    'Okafor',
    'Patel',
  ];
  for (let c = 0; c < size.cohorts; c += 1) {
    const cohortId = c + 1;
    const start = now - Math.floor((size.cohorts - 1 - c) / scale) * 30 * DAY - 10 * DAY;
    const server = courses[1 + (c % 2)] as (typeof courses)[number];
    const path = [...(courses[0] as (typeof courses)[number]).books, ...server.books];
    const allProjects = path.flatMap((book) => book.projects.map((project) => ({ book, project })));
    t.cohorts.add(
      cohortId,
      `Day Cohort ${cohortId}`,
      `C${cohortId}`,
      isoDate(start),
      isoDate(start + PROGRAM_DAYS * DAY),
      now - start < 400 * DAY,
      `inv-${cohortId}`,
      `cal-${cohortId}`,
    );
    t.cohortInfo.add(cohortId, `https://github.com/day-cohort-${cohortId}`);
    t.cohortCourses.add(cohortId, 1, now - start < 150 * DAY, 0);
    t.cohortCourses.add(cohortId, server.id, now - start >= 150 * DAY, 1);
    for (let k = 0; k < 3; k += 1)
      t.coaches.add(cohortId, staffIds[(c * 3 + k) % staffIds.length] as number);
    const elapsed = Math.min(1, (now - start) / (PROGRAM_DAYS * DAY));

    for (let l = 0; l < (sizes[c] as number); l += 1) {
      personId += 1;
      const id = personId;
      const first = pick(firstNames);
      const last = `${pick(lastNames)}${id}`;
      t.people.add(
        id,
        `learner${id}`,
        first,
        last,
        `learner${id}@example.com`,
        false,
        `learner-${id}`,
        `https://avatars.example/u/${id}`,
        `U${id}`,
      );
      if (rnd() < 0.1 && c > 0) {
        t.memberships.add(cohortId - 1, id, iso(start - 60 * DAY), iso(start - 5 * DAY));
      }
      t.memberships.add(cohortId, id, iso(start), null);

      // Projects in order, spread over the time since the cohort started.
      const reached = Math.max(
        1,
        Math.min(
          allProjects.length,
          Math.round(elapsed * allProjects.length * (0.75 + rnd() * 0.4)),
        ),
      );
      const span = Math.max(DAY, (now - start) * 0.97);
      const books = new Set<(typeof path)[number]>();
      let lastAssigned = start;
      for (let j = 0; j < reached; j += 1) {
        const step = allProjects[j] as (typeof allProjects)[number];
        lastAssigned = start + (span * j) / reached + rnd() * DAY;
        t.studentProjects.add(id, step.project, iso(lastAssigned));
        books.add(step.book);
      }
      const visited = [...books];
      visited.forEach((book, i) => {
        const current = i === visited.length - 1;
        const status = current ? pick([0, 1, 2, 3, 4]) : 4;
        if (status === 0) return;
        const changed = current
          ? lastAssigned + rnd() * (now - lastAssigned)
          : lastAssigned - rnd() * 10 * DAY;
        t.studentAssessments.add(
          id,
          book.assessment,
          status,
          `https://github.com/day-cohort-${cohortId}/self-${book.id}-learner-${id}`,
          iso(changed - DAY),
          iso(changed),
        );
        for (const objective of book.objectives) {
          const achieved = status === 4 || (status === 3 && rnd() < 0.5);
          if (!achieved && rnd() < 0.5) continue;
          recordId += 1;
          t.records.add(recordId, id, objective, achieved, iso(changed));
          t.entries.add(recordId, achieved ? 'Achieved in review' : 'Not yet', iso(changed));
        }
      });

      const notes = Math.round(elapsed * 25 * rnd());
      for (let n = 0; n < notes; n += 1) {
        t.notes.add(
          id,
          pick(staffIds),
          1 + Math.floor(rnd() * 4),
          `Check-in ${n + 1}: steady progress on ${pick(['loops', 'APIs', 'SQL', 'React', 'tests'])}.`,
          iso(start + rnd() * (now - start)),
        );
      }
      const tagCount = Math.floor(rnd() * 4);
      const tagIds = new Set(
        Array.from({ length: tagCount }, () => 1 + Math.floor(rnd() * tagNames.length)),
      );
      for (const tag of tagIds) t.studentTags.add(id, tag);

      const capstoneCourses = [elapsed > 0.45 ? 1 : 0, elapsed > 0.9 ? server.id : 0].filter(
        Boolean,
      );
      for (const courseId of capstoneCourses) {
        capstoneId += 1;
        const submitted = start + (courseId === 1 ? 0.45 : 0.9) * PROGRAM_DAYS * DAY;
        t.capstones.add(
          capstoneId,
          id,
          courseId,
          `https://docs.example/proposal-${capstoneId}`,
          'A capstone proposal',
          iso(submitted),
        );
        const steps = Math.floor(rnd() * 4);
        for (let s = 0; s < steps; s += 1)
          t.timelines.add(capstoneId, 1 + s, iso(submitted + (s + 1) * 3 * DAY));
      }
    }
  }
  return { tables: Object.values(t), boardCohortId: boardCohort };
}
