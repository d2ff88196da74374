/*
 * The LTI claims a launch reads (IMS LTI Core 1.3 §5, Names and Role Provisioning Services 2.0,
 * Assignment and Grade Services 2.0), by their full names.
 */
const LTI = 'https://purl.imsglobal.org/spec/lti/claim';

export const CLAIM = {
  messageType: `${LTI}/message_type`,
  version: `${LTI}/version`,
  deploymentId: `${LTI}/deployment_id`,
  targetLinkUri: `${LTI}/target_link_uri`,
  resourceLink: `${LTI}/resource_link`,
  roles: `${LTI}/roles`,
  context: `${LTI}/context`,
  namesRoles: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  gradeEndpoint: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
} as const;

export const RESOURCE_LINK_REQUEST = 'LtiResourceLinkRequest';
export const LTI_VERSION = '1.3.0';

const MEMBERSHIP = 'http://purl.imsglobal.org/vocab/lis/v2/membership';

/**
 * Our role for an LMS role list: instructors and teaching assistants (a sub-role of instructor)
 * are staff, learners are learners; anything else (an administrator, a mentor) has no place.
 * LTI allows the short forms ('Instructor') for context roles too.
 */
export function roleOf(roles: readonly string[]): 'staff' | 'learner' | null {
  const named = (role: string) =>
    roles.some((each) => each === `${MEMBERSHIP}#${role}` || each === role);
  if (
    named('Instructor') ||
    named('TeachingAssistant') ||
    roles.includes(`${MEMBERSHIP}/Instructor#TeachingAssistant`)
  )
    return 'staff';
  if (named('Learner')) return 'learner';
  return null;
}
