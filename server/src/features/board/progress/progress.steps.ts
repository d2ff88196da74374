// A learner's self-assessment repository, made by a job step (server/src/jobs) after the start
// committed: from the assessment's template in the cohort's organisation, with the learner as a
// collaborator, then a direct message with its address.
import { GithubClient } from '../../../integrations/github.ts';
import { OutsideError } from '../../../integrations/http.ts';
import { SlackClient } from '../../../integrations/slack.ts';
import { sendOnce } from '../../../jobs/slack-messages.ts';
import { defineStep, type PlannedStep } from '../../../jobs/steps.ts';
import { linkCreatedRepository } from '../../github/index.ts';
import { repositoryMessage } from './progress.notifications.ts';

interface RepositoryInput {
  template: string;
  owner: string;
  name: string;
  login: string;
  description: string;
  /** The learner's Slack member id, or null. */
  slackHandle: string | null;
}

export const repositoryStep = (input: RepositoryInput): PlannedStep => ({
  kind: selfAssessmentRepositoryStep.kind,
  phase: 'Creating repositories',
  label: `Self-assessment repository ${input.owner}/${input.name}`,
  input: { ...input },
});

/**
 * Made once: a later attempt first asks GitHub whether an earlier one made it. Adding the
 * collaborator is safe to repeat; the direct message is sent once (recorded as progress, and
 * looked for before a later attempt sends it: `sendOnce`).
 */
export const selfAssessmentRepositoryStep = defineStep<RepositoryInput>({
  kind: 'self-assessment-repository',
  async run(input, { app, jobId, actorId, repeated, progress, saveProgress, transaction }) {
    const github = new GithubClient(app.config.github, { maxWaitMs: 0 });
    const path = `${input.owner}/${input.name}`;
    const exists = repeated && (await github.repositoryExists(path));
    if (!exists)
      await github.generateFromTemplate(input.template, {
        owner: input.owner,
        name: input.name,
        description: input.description,
      });
    await github.addCollaborator(input.owner, input.name, input.login);
    const url = `https://github.com/${path}`;
    // Linked to the learner the job is for, for their current project (the assessment's book's).
    await transaction(async (trx) => {
      const job = await trx
        .selectFrom('jobs')
        .select('learner_id')
        .where('id', '=', jobId)
        .executeTakeFirst();
      const learners = job?.learner_id ? [job.learner_id] : [];
      await linkCreatedRepository(
        trx,
        { fullName: path, url },
        learners,
        'current',
        'assessment',
        actorId,
      );
    });
    const slack = new SlackClient(app.config.slack, { maxWaitMs: 0 });
    if (input.slackHandle && slack.configured && !progress.messaged) {
      // A refused direct message (an unknown member) leaves the repository made.
      const message = { jobId, channel: input.slackHandle, text: repositoryMessage(url), repeated };
      await sendOnce(slack, message).catch((error: unknown) => {
        if (!(error instanceof OutsideError) || error.transient) throw error;
      });
      await saveProgress({ messaged: true });
    }
    return { summary: path, url };
  },
});
