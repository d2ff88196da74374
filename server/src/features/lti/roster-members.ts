import type { Db } from '../../db/schema.ts';
import { OutsideError } from '../../integrations/http.ts';
import { roleOf } from './launch-claims.ts';
import type { LmsPerson } from './lms-accounts.ts';
import { LmsClient, SCOPES } from './lms-client.ts';

export type RosterMember = LmsPerson;

const MEMBERSHIPS = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';
// A course of thousands comes in pages; a loop of links is not followed for ever.
const MAX_PAGES = 50;

interface Member {
  user_id?: unknown;
  status?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
  email?: unknown;
  roles?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The next page's URL from a Link header (NRPS 2.0 §2.4.2), or null. */
const nextPage = (link: string | null) => link?.match(/<([^>]+)>\s*;\s*rel="?next"?/)?.[1] ?? null;

/** The active learners of an LMS course's roster (Names and Role Provisioning Services 2.0). */
export async function fetchMembers(
  db: Db,
  context: { name: string; issuer: string; client_id: string; token_endpoint: string },
  url: string,
): Promise<RosterMember[]> {
  const client = new LmsClient(db, context);
  const members: Member[] = [];
  let page: string | null = url;
  for (let count = 0; page && count < MAX_PAGES; count += 1) {
    const response = await client.call(page, 'the roster request', [SCOPES.roster], {
      accept: MEMBERSHIPS,
    });
    const body = (await response.json().catch(() => null)) as { members?: unknown } | null;
    if (!Array.isArray(body?.members))
      throw new OutsideError(`${context.name} sent a roster without members`);
    members.push(...(body.members as Member[]));
    page = nextPage(response.headers.get('link'));
  }
  const seen = new Set<string>();
  return members.flatMap((member) => {
    const subject = text(member.user_id);
    const roles = Array.isArray(member.roles)
      ? member.roles.filter((r) => typeof r === 'string')
      : [];
    const active = member.status === undefined || member.status === 'Active';
    if (!subject || seen.has(subject) || !active || roleOf(roles) !== 'learner') return [];
    seen.add(subject);
    const [first = '', ...rest] = text(member.name).split(/\s+/);
    return [
      {
        issuer: context.issuer,
        subject,
        givenName: text(member.given_name) || first,
        familyName: text(member.family_name) || rest.join(' '),
        email: text(member.email) || null,
      },
    ];
  });
}
