/*
 * Who may build teams, and who may be in one:
 * - listing, creating, resetting teams and migrating tickets: staff, by the routes' staff access
 *   (teams create Slack channels and repositories), so no rule here;
 * - a team member must be a current learner of the cohort or one of its coaches.
 */

export const mayJoinCohortTeam = (
  personId: number,
  learnerIds: Set<number>,
  coachIds: Set<number>,
) => learnerIds.has(personId) || coachIds.has(personId);
