import { organizationFromUrl, repositoryFromUrl } from '../../../integrations/github.ts';

/**
 * Why no repository is made for a learner's self-assessment, or null when GitHub will be asked.
 * One wording for the start answer (progress) and the learner's submit dialog (profile).
 */
export function missingRepositoryReason(
  githubConfigured: boolean,
  learner: { github_login: string | null; organization_url: string | null | undefined },
  sourceUrl: string | null | undefined,
): string | null {
  if (!githubConfigured) return 'GitHub is not configured';
  if (!learner.github_login) return 'the student has no GitHub account';
  if (!organizationFromUrl(learner.organization_url)) {
    return "the student's cohort has no GitHub organization";
  }
  if (!repositoryFromUrl(sourceUrl)) return "the assessment's source is not a GitHub repository";
  return null;
}
