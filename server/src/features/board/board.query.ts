import { isoTimestampText } from '../../lib/dates.ts';
import { fullNameText } from '../../lib/names.ts';
import { isCurrentMembershipText } from '../cohorts/index.ts';
import { cardActivityJoinText, cardActivityText, cardLinksText } from '../github/index.ts';
import { CARD_VERSION_TEXT, cardJoinText } from './card-version.ts';
import { learnerScoreSql } from './learner-score.ts';

// The board's SQL, reviewed as SQL: queries/board.sql is this text (checked by a test) and
// queries/board.explain.txt its plan on the benchmark dataset (`npm run bench -- --explain`).

/**
 * The whole board of cohort $1 as one JSON text, in one statement.
 * Each card is worked out from the member's rows as they are: current project = latest
 * assigned_at (then id), its book's self-assessment gives the status and the card's version
 * (card-version.ts); durations are whole calendar days in the cohort's time zone.
 * Planned for a cohort's few dozen learners: each member's person, current assignment (with its
 * project, book and assessment), score, tags and proposals are index lookups of that member, and
 * each card is written as a row's JSON (compact, and without a key-value call per field).
 */
const boardStatement =
  () => `-- The instructor board (GET /students?cohort=$1): one statement, one round trip.
with cohort as (
  select c.id, c.time_zone, (now() at time zone c.time_zone)::date as today,
    (select row_to_json(ref) from (select c.id, c.name) ref) as ref
  from cohorts c
  where c.id = $1
),
members as (
  select p.id, ${fullNameText('p')} as name, p.github_login, p.avatar_url
  from cohort_memberships m
  -- Each member's row by its key (offset 0 keeps the lookup): a join would hash all people.
  cross join lateral (
    select p.id, p.first_name, p.last_name, p.github_login, p.avatar_url
    from people p
    where p.id = m.person_id and not p.is_staff and p.is_active
    offset 0
  ) p
  where m.cohort_id = $1 and ${isCurrentMembershipText('m')}
),
${cardLinksText('select id from members')}
select cohort.id,
  cohort.today::text as today,
  (select coalesce(json_agg(row_to_json(card)
      order by card.book_index nulls last, card.project_index nulls last, card.name, card.id), '[]'::json)
   from (select mb.id,
      mb.name,
      mb.github_login as github_handle,
      mb.avatar_url as avatar,
      cohort.ref as current_cohort,
      coalesce(sa.status_id, 0) as assessment_status_id,
      sa.url as assessment_url,
      cp.project_id,
      cp.project_index,
      cp.project_name,
      cohort.today - (coalesce(sa.created_at, cp.assigned_at) at time zone cohort.time_zone)::date
        as project_duration,
      cp.book_id,
      cp.book_index,
      cp.book_name,
      ${learnerScoreSql('mb.id')} as score,
      (select coalesce(json_agg(row_to_json(link) order by lower(link.tag), link.id), '[]'::json)
       from (select st.id, t.name as tag
             from student_tags st
             join tags t on t.id = st.tag_id
             where st.student_id = mb.id) link) as tags,
      (select coalesce(json_agg(row_to_json(proposal) order by proposal.id), '[]'::json)
       from (select cap.id,
               latest.status,
               latest.status_id as current_status_id,
               cap.proposal_url,
               ${isoTimestampText('latest.created_at')} as created_on,
               co.name as course_name
             from capstones cap
             join courses co on co.id = cap.course_id
             left join lateral (
               select tl.status_id, tl.created_at, ps.status
               from capstone_timelines tl
               join proposal_statuses ps on ps.id = tl.status_id
               where tl.capstone_id = cap.id
               order by tl.created_at desc, tl.id desc
               limit 1
             ) latest on true
             where cap.student_id = mb.id) proposal) as proposals,
      ${cardActivityText('cohort.today', 'cohort.time_zone')} as activity,
      ${CARD_VERSION_TEXT} as version
    from members mb
    ${cardJoinText('mb.id', '    ')}
    ${cardActivityJoinText('mb.id', 'cp.project_id', '    ')}) card)::text as body
from cohort
`;

// Built on first use: features import each other through their index.ts, so the cohorts
// feature's SQL helpers may still be loading when this module is first evaluated.
let built: string | undefined;

/** The board statement's text (queries/board.sql). */
export const boardSql = (): string => {
  built ??= boardStatement();
  return built;
};
