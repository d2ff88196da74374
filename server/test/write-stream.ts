import type { BoardResponse } from '@lp/contract/board';
import type { Course } from '@lp/contract/courses';
import type { NoteList } from '@lp/contract/notes';
import type { TagList } from '@lp/contract/tags';

/*
 * A stream of writes through the HTTP API as the demo instructor (notes, tags, project moves),
 * and the check that every write the server acknowledged is there afterwards.
 */

export type Write =
  | { kind: 'note'; studentId: number; text: string }
  | { kind: 'tag'; name: string }
  | { kind: 'move'; learnerId: number; projectId: number };

export interface ApiClient {
  call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

export async function signIn(baseUrl: string, username: string, password: string) {
  const anonymous = apiClient(baseUrl, null);
  const answer = await anonymous.call<{ token: string }>('POST', '/accounts/verify', {
    username,
    password,
  });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}`);
  return apiClient(baseUrl, answer.body.token);
}

function apiClient(baseUrl: string, token: string | null): ApiClient {
  return {
    async call<T>(method: string, path: string, body?: unknown) {
      const response = await fetch(`${baseUrl}/api${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Token ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
    },
  };
}

/**
 * Writes in a repeating order note, tag, move: notes on two learners of the instructor's active
 * cohort, new tags, and each learner moved once to the project after their current one.
 */
export async function planWrites(api: ApiClient, runId: string): Promise<() => Write> {
  const profile = await api.call<{ person: { active_cohort: number } }>('GET', '/profile');
  const cohort = profile.body.person.active_cohort;
  const board = (await api.call<BoardResponse>('GET', `/students?cohort=${cohort}`)).body;
  const [course] = (await api.call<Course[]>('GET', `/courses?cohortId=${cohort}&active=true`))
    .body;
  if (!course || board.length < 2) throw new Error('the demo cohort has no course or learners');
  const projects = course.books.flatMap((book) => book.projects.map((project) => project.id));
  const moves = board.flatMap((learner): Write[] => {
    const next = projects[projects.indexOf(learner.project_id ?? -1) + 1];
    return next === undefined ? [] : [{ kind: 'move', learnerId: learner.id, projectId: next }];
  });
  const noteTakers = [board[0]!.id, board[1]!.id];
  let n = 0;
  return () => {
    n += 1;
    const move = n % 3 === 0 ? moves.shift() : undefined;
    if (move) return move;
    if (n % 3 === 2) return { kind: 'tag', name: `crash ${runId} ${n}` };
    return { kind: 'note', studentId: noteTakers[n % 2]!, text: `crash ${runId} note ${n}` };
  };
}

export async function send(api: ApiClient, write: Write): Promise<number> {
  const answer =
    write.kind === 'note'
      ? await api.call('POST', '/notes', { note: write.text, studentId: write.studentId, type: 2 })
      : write.kind === 'tag'
        ? await api.call('POST', '/tags', { name: write.name })
        : await api.call('POST', `/students/${write.learnerId}/project`, {
            projectId: write.projectId,
          });
  return answer.status;
}

/** The acknowledged writes that are not there. */
export async function missingWrites(api: ApiClient, acknowledged: Write[]): Promise<Write[]> {
  const tags = new Set(
    (await api.call<TagList>('GET', '/tags')).body.results.map((tag) => tag.name),
  );
  const notes = new Map<number, Set<string>>();
  const projects = new Map<number, number | null>();
  for (const write of acknowledged) {
    if (write.kind === 'note' && !notes.has(write.studentId)) {
      const list = await api.call<NoteList>('GET', `/notes?studentId=${write.studentId}`);
      notes.set(write.studentId, new Set(list.body.map((note) => note.note)));
    }
    if (write.kind === 'move' && projects.size === 0) {
      const profile = await api.call<{ person: { active_cohort: number } }>('GET', '/profile');
      const cohort = profile.body.person.active_cohort;
      const board = await api.call<BoardResponse>('GET', `/students?cohort=${cohort}`);
      for (const learner of board.body) projects.set(learner.id, learner.project_id);
    }
  }
  return acknowledged.filter((write) =>
    write.kind === 'note'
      ? !notes.get(write.studentId)?.has(write.text)
      : write.kind === 'tag'
        ? !tags.has(write.name)
        : projects.get(write.learnerId) !== write.projectId,
  );
}
