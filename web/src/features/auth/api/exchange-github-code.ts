import type { KeyResponse } from '@lp/contract/auth';
import { api } from '@/lib/api-client.ts';

export function exchangeGithubCode(code: string): Promise<KeyResponse> {
  return api.post<KeyResponse>('/auth/github', { code });
}
