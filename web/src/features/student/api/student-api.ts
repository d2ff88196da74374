// The learner's own changes: name, Slack member ID, self-assessment, capstone proposal.
// Each one refreshes the profile the dashboard reads.
import type { StudentAssessment } from '@lp/contract/assessments';
import type { StartAssessmentResponse } from '@lp/contract/board';
import type { CreateCapstoneBody, CreateCapstoneResponse } from '@lp/contract/capstones';
import type { ProfileChangeBody } from '@lp/contract/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, api, apiUrl } from '@/lib/api-client.ts';
import { getToken } from '@/lib/session.ts';

/** The statusId a learner sends to submit their self-assessment (spec §9). */
export const SUBMIT_ASSESSMENT_STATUS_ID = 2;

export function changeName(body: ProfileChangeBody): Promise<void> {
  return api.put<void>('/profile/change', body);
}

export function updateSlackHandle(studentId: number, slackHandle: string): Promise<void> {
  return api.put<void>(`/students/${studentId}`, { slack_handle: slackHandle });
}

/** Submits the self-assessment it names, whichever was started last. */
export function submitSelfAssessment(
  studentId: number,
  studentAssessmentId: number,
): Promise<void> {
  return api.put<void>(`/students/${studentId}/assess`, {
    statusId: SUBMIT_ASSESSMENT_STATUS_ID,
    studentAssessmentId,
  });
}

export function submitProposal(body: CreateCapstoneBody): Promise<CreateCapstoneResponse> {
  return api.post<CreateCapstoneResponse>('/capstones', body);
}

export type StartResult =
  | { kind: 'created'; response: StartAssessmentResponse }
  | { kind: 'conflict'; existing: StudentAssessment };

function authHeaders(): Record<string, string> {
  const token = getToken();
  return { Accept: 'application/json', ...(token ? { Authorization: `Token ${token}` } : {}) };
}

/** The existing self-assessment the 409's Location header names. */
async function fetchLocation(location: string): Promise<StudentAssessment> {
  if (location.startsWith(`${API_BASE}/`)) {
    return api.get<StudentAssessment>(location.slice(API_BASE.length));
  }
  const response = await fetch(location, { headers: authHeaders() });
  if (!response.ok) throw new ApiError(response.status, 'Could not load your self-assessment.');
  return (await response.json()) as StudentAssessment;
}

/**
 * POST /students/{id}/assess {bookId}. A 409 carries a Location header naming the learner's
 * existing self-assessment, which is then fetched; the shared client does not expose headers,
 * so this one call reads the response itself.
 */
export async function startSelfAssessment(studentId: number, bookId: number): Promise<StartResult> {
  let response: Response;
  try {
    response = await fetch(apiUrl(`/students/${studentId}/assess`), {
      method: 'POST',
      headers: { ...authHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ bookId }),
    });
  } catch {
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (response.status === 409) {
    const location = response.headers.get('location');
    if (location) return { kind: 'conflict', existing: await fetchLocation(location) };
  }
  if (!response.ok) {
    const message =
      typeof body === 'object' && body !== null && 'message' in body
        ? String((body as { message: unknown }).message)
        : `The server answered ${response.status}. Please try again.`;
    throw new ApiError(response.status, message, body);
  }
  return { kind: 'created', response: body as StartAssessmentResponse };
}

function useProfileRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['profile'] });
}

export function useChangeName() {
  const refresh = useProfileRefresh();
  return useMutation({ mutationFn: changeName, onSuccess: refresh });
}

export function useUpdateSlackHandle(studentId: number) {
  const refresh = useProfileRefresh();
  return useMutation({
    mutationFn: (slackHandle: string) => updateSlackHandle(studentId, slackHandle),
    onSuccess: refresh,
  });
}

export function useStartSelfAssessment(studentId: number) {
  const refresh = useProfileRefresh();
  return useMutation({
    mutationFn: (bookId: number) => startSelfAssessment(studentId, bookId),
    onSuccess: refresh,
  });
}

export function useSubmitSelfAssessment(studentId: number) {
  const refresh = useProfileRefresh();
  return useMutation({
    mutationFn: (studentAssessmentId: number) =>
      submitSelfAssessment(studentId, studentAssessmentId),
    onSuccess: refresh,
  });
}

export function useSubmitProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitProposal,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ['profile'] });
      queryClient.invalidateQueries({ queryKey: ['capstones'] });
    },
  });
}
