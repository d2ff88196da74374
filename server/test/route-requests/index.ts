import { accountRequests } from './account-requests.ts';
import { catalogueRequests } from './catalogue-requests.ts';
import { cohortRequests } from './cohort-requests.ts';
import { githubRequests } from './github-requests.ts';
import { learnerRequests } from './learner-requests.ts';
import { ltiRequests } from './lti-requests.ts';
import { recordRequests } from './record-requests.ts';
import type { RequestBuilder } from './world.ts';

export { type BodyVariant, bodyVariants } from './body-variants.ts';
export {
  createWorld,
  fillPath,
  type RequestBuilder,
  type RouteRequest,
  send,
  type World,
} from './world.ts';

/**
 * A valid request for every API route, keyed 'METHOD /path' as the route files write the path.
 * The route-table suites (authorization matrix, bad input) fail on a route missing here.
 */
export const routeRequests: Record<string, RequestBuilder> = {
  ...accountRequests,
  ...catalogueRequests,
  ...learnerRequests,
  ...recordRequests,
  ...cohortRequests,
  ...githubRequests,
  ...ltiRequests,
};
