import { describe, expect, it } from 'vitest';
import { newPasswordProblem } from './new-password.ts';

describe('newPasswordProblem', () => {
  it('holds a new password to the rules of password sign-in, then to its repetition', () => {
    expect(newPasswordProblem('seven77', 'seven77')).toBe(
      'The password needs at least 8 characters.',
    );
    expect(newPasswordProblem('x'.repeat(201), 'x'.repeat(201))).toBe(
      'The password may have at most 200 characters.',
    );
    expect(newPasswordProblem('long enough', 'long enougH')).toBe(
      'The two passwords are not the same.',
    );
    expect(newPasswordProblem('long enough', 'long enough')).toBeNull();
  });
});
