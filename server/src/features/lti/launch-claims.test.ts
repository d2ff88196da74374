import { describe, expect, it } from 'vitest';
import { roleOf } from './launch-claims.ts';

const MEMBERSHIP = 'http://purl.imsglobal.org/vocab/lis/v2/membership';

describe('the role an LMS role list maps to', () => {
  it('makes instructors and teaching assistants staff, in full or short form', () => {
    expect(roleOf([`${MEMBERSHIP}#Instructor`])).toBe('staff');
    expect(roleOf(['Instructor'])).toBe('staff');
    expect(roleOf([`${MEMBERSHIP}/Instructor#TeachingAssistant`])).toBe('staff');
    // An instructor who is also enrolled as a learner is staff.
    expect(roleOf([`${MEMBERSHIP}#Learner`, `${MEMBERSHIP}#Instructor`])).toBe('staff');
  });

  it('makes learners learners, and gives other roles no place', () => {
    expect(roleOf([`${MEMBERSHIP}#Learner`])).toBe('learner');
    expect(roleOf(['Learner'])).toBe('learner');
    expect(
      roleOf(['http://purl.imsglobal.org/vocab/lis/v2/institution/person#Administrator']),
    ).toBeNull();
    expect(roleOf([`${MEMBERSHIP}#Mentor`])).toBeNull();
    expect(roleOf([])).toBeNull();
  });
});
