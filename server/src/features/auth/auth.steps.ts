// A learner's invitation to their cohort's GitHub organisation, sent by a job step
// (server/src/jobs) once their sign-in committed. GitHub's membership PUT is safe to repeat: a
// second one changes nothing.
import { GithubClient } from '../../integrations/github.ts';
import { defineStep, type PlannedStep } from '../../jobs/steps.ts';

interface InvitationInput {
  org: string;
  login: string;
}

export const invitationStep = (input: InvitationInput): PlannedStep => ({
  kind: organisationInvitationStep.kind,
  phase: 'Inviting to the organisation',
  label: `${input.login} to ${input.org}`,
  input: { ...input },
});

export const organisationInvitationStep = defineStep<InvitationInput>({
  kind: 'organisation-invitation',
  async run({ org, login }, { app }) {
    await new GithubClient(app.config.github, { maxWaitMs: 0 }).ensureOrganizationMember(
      org,
      login,
    );
    return { summary: `Invited ${login} to ${org}` };
  },
});
