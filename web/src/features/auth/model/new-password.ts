import { PASSWORD_LENGTH } from '@lp/contract/constants';

/** The rule of a new password, as the form says it. */
export const PASSWORD_RULE = `At least ${PASSWORD_LENGTH.min} characters.`;

/** What is wrong with a new password and its repetition, or null: the server's rules first. */
export function newPasswordProblem(password: string, repeated: string): string | null {
  if (password.length < PASSWORD_LENGTH.min)
    return `The password needs at least ${PASSWORD_LENGTH.min} characters.`;
  if (password.length > PASSWORD_LENGTH.max)
    return `The password may have at most ${PASSWORD_LENGTH.max} characters.`;
  if (password !== repeated) return 'The two passwords are not the same.';
  return null;
}
