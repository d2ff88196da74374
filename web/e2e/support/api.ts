// The API from outside the browser: signing in with a password and preparing data for a browser
// test or the web bench.

import { DEMO_PASSWORD } from './session.ts';

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

export type ApiCall = <T>(method: string, path: string, body?: unknown) => Promise<ApiAnswer<T>>;

/** Calls `{baseUrl}/api{path}` with `token` (none when empty); a JSON body, a JSON answer. */
export function apiCaller(baseUrl: string, token: string): ApiCall {
  return async <T>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Token ${token}` } : {}),
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
}

/** A sign-in token for a demo account, through POST /accounts/verify. */
export async function signInWithPassword(
  baseUrl: string,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const answer = await apiCaller(baseUrl, '')<{ token?: string }>('POST', '/accounts/verify', {
    username,
    password,
  });
  if (answer.status !== 200 || !answer.body.token) {
    throw new Error(`Signing in as ${username} failed: ${answer.status}`);
  }
  return answer.body.token;
}

interface BoardCard {
  project_id: number | null;
  assessment_status_id: number;
}

/**
 * Adds learners to a cohort until its board shows `size` cards, each placed on one of the projects
 * the cohort's learners are on (not the self-assessment columns), in turn. Returns the ids of the
 * learners it created, for the caller to delete.
 */
export async function fillCohort(
  call: ApiCall,
  cohortId: number,
  size: number,
  namePrefix: string,
): Promise<number[]> {
  const board = (await call<BoardCard[]>('GET', `/students?cohort=${cohortId}`)).body;
  const projects = [
    ...new Set(
      board
        .filter((learner) => learner.assessment_status_id === 0 && learner.project_id !== null)
        .map((learner) => learner.project_id as number),
    ),
  ];
  if (projects.length === 0) throw new Error(`Cohort ${cohortId} has no learner on a project`);
  const created: number[] = [];
  for (let n = 0; board.length + n < size; n += 1) {
    const answer = await call<{ id: number }>('POST', '/users', {
      username: `${namePrefix}-${n}`,
      password: 'long enough password',
      first_name: `Learner${n}`,
      last_name: namePrefix.replace(/[^A-Za-z0-9]/g, ''),
      cohort: cohortId,
    });
    if (answer.status !== 201) throw new Error(`Creating a learner failed: ${answer.status}`);
    created.push(answer.body.id);
    const moved = await call('POST', `/students/${answer.body.id}/project`, {
      projectId: projects[n % projects.length],
    });
    if (moved.status >= 300) throw new Error(`Placing a learner failed: ${moved.status}`);
  }
  return created;
}
