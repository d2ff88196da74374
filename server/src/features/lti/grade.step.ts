import { defineStep, type StepContext, StepFailure } from '../../jobs/steps.ts';
import type { GradeInput } from './grade-sends.ts';
import { LmsClient, SCOPES } from './lms-client.ts';
import * as repo from './lti.repository.ts';

const LINE_ITEM = 'application/vnd.ims.lis.v2.lineitem+json';
const LINE_ITEMS = 'application/vnd.ims.lis.v2.lineitemcontainer+json';
const SCORE = 'application/vnd.ims.lis.v1.score+json';

/** Our resource id of a self-assessment's line item, so a repeated attempt finds it. */
const resourceIdOf = (assessmentId: number) => `self-assessment-${assessmentId}`;

/** A service URL with a path added before its query: '…/lineitems/7?x=1' → '…/lineitems/7/scores?x=1'. */
function withPath(url: string, path: string) {
  const parsed = new URL(url);
  parsed.pathname = `${parsed.pathname.replace(/\/$/, '')}${path}`;
  return parsed.toString();
}

type Context = NonNullable<Awaited<ReturnType<typeof repo.contextWithPlatform>>>;

/**
 * The course's line item (gradebook column) of the self-assessment: ours as recorded, else the
 * LMS's of our resource id (an earlier attempt made it but its answer was lost), else a new one.
 */
async function lineItemOf(
  step: StepContext,
  client: LmsClient,
  context: Context & { lineitems_url: string },
  assessment: { id: number; name: string },
) {
  const recorded = await repo.findLineItem(step.app.db, context.id, assessment.id);
  if (recorded) return recorded.url;
  const scopes = [SCOPES.lineItems];
  const search = new URL(context.lineitems_url);
  search.searchParams.set('resource_id', resourceIdOf(assessment.id));
  const found = (await (
    await client.call(search.toString(), 'the line item search', scopes, { accept: LINE_ITEMS })
  ).json()) as { id?: string }[];
  let url = Array.isArray(found)
    ? found.find((item) => typeof item.id === 'string')?.id
    : undefined;
  if (!url) {
    const made = (await (
      await client.call(context.lineitems_url, 'the new line item', scopes, {
        method: 'POST',
        accept: LINE_ITEM,
        body: {
          type: LINE_ITEM,
          json: {
            label: assessment.name,
            scoreMaximum: 1,
            resourceId: resourceIdOf(assessment.id),
            tag: 'self-assessment',
          },
        },
      })
    ).json()) as { id?: unknown };
    if (typeof made.id !== 'string')
      throw new StepFailure(`${context.name} made a line item without an id`);
    url = made.id;
  }
  const lineItem = url;
  await step.transaction((trx) => repo.recordLineItem(trx, context.id, assessment.id, lineItem));
  return lineItem;
}

/**
 * Sends a review's score to an LMS course's gradebook (Assignment and Grade Services 2.0). Safe to
 * repeat: the line item is looked up before one is made, and the LMS keeps the score of the latest
 * timestamp, so a score sent twice is the same score. A 5xx or no answer is tried again later.
 */
export const ltiGradeStep = defineStep<GradeInput>({
  kind: 'lti-grade',
  async run(input, step) {
    const context = await repo.contextWithPlatform(step.app.db, input.contextId);
    if (!context) throw new StepFailure('The LMS course is gone');
    if (context.deleted_at) throw new StepFailure(`${context.name} is no longer registered`);
    const lineitemsUrl = context.lineitems_url;
    if (!lineitemsUrl) throw new StepFailure(`${context.title} takes no grades`);
    const assessment = await repo.findAssessment(step.app.db, input.assessmentId);
    if (!assessment) throw new StepFailure('The self-assessment is gone');
    const client = new LmsClient(step.app.db, context);
    const lineItem = await lineItemOf(
      step,
      client,
      { ...context, lineitems_url: lineitemsUrl },
      assessment,
    );
    await client.call(withPath(lineItem, '/scores'), 'the score', [SCOPES.scores], {
      method: 'POST',
      accept: 'application/json',
      body: {
        type: SCORE,
        json: {
          userId: input.userId,
          scoreGiven: input.score,
          scoreMaximum: 1,
          activityProgress: 'Completed',
          gradingProgress: 'FullyGraded',
          timestamp: input.timestamp,
        },
      },
    });
    return { summary: `${input.score} sent to ${context.title}` };
  },
});
