// Slack's error codes in words, for the people who read a failed step on the jobs page. The code
// stays at the end, as GitHub's status does, for whoever looks it up in Slack's documentation.

const SENTENCES: Record<string, string> = {
  channel_not_found: 'Slack found no such channel or member, or the app may not see it',
  user_not_found: 'Slack knows no member with that ID',
  users_not_found: 'Slack knows no member with that ID',
  not_in_channel: 'The Slack app is not a member of that channel',
  is_archived: 'That Slack channel is archived',
  cannot_dm_bot: 'Slack does not let the app send a direct message to a bot',
  msg_too_long: 'The message is too long for Slack',
  name_taken: 'A Slack channel of that name already exists',
  invalid_name: 'Slack does not allow that channel name',
  invalid_name_specials: 'Slack does not allow the special characters of that channel name',
  invalid_name_maxlength: 'That channel name is too long for Slack',
  restricted_action: 'The Slack workspace does not let the app do this',
  missing_scope: 'The Slack app lacks a permission it needs for this (a scope of its token)',
  not_authed: 'Slack was sent no bot token',
  invalid_auth: 'Slack did not accept the bot token',
  token_revoked: 'The Slack bot token was revoked',
  account_inactive: 'The Slack bot token belongs to a deactivated app',
  ratelimited: 'Slack asked the app to slow down (rate limit)',
  fatal_error: 'Slack failed on its side',
  internal_error: 'Slack failed on its side',
  service_unavailable: 'Slack is unavailable for now',
  request_timeout: 'Slack took too long to answer',
  // Ours: what no Slack code names.
  not_configured: 'Slack is not configured on this server',
  no_conversation: 'Slack opened no direct conversation with that member',
};

/** "Slack found no such channel or member, … (channel_not_found)"; an unknown code as it is. */
export function slackErrorSentence(code: string): string {
  const sentence = SENTENCES[code];
  return sentence ? `${sentence} (${code})` : `Slack refused: ${code}`;
}
