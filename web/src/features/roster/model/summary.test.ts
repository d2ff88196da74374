import { describe, expect, it } from 'vitest';
import { encodingNote, importSummary, previewSummary } from './summary.ts';

const counts = (created: number, enrolled: number, skipped: number, errors = 0) => ({
  created,
  enrolled,
  skipped,
  errors,
});

describe('importSummary', () => {
  it('says what the import did, leaving out what did not happen', () => {
    expect(importSummary(counts(3, 1, 2))).toBe('Added 3 learners, enrolled 1, skipped 2');
    expect(importSummary(counts(1, 0, 0))).toBe('Added 1 learner');
    expect(importSummary(counts(0, 2, 0))).toBe('Enrolled 2 learners');
    expect(importSummary(counts(0, 0, 4))).toBe('Skipped 4');
    expect(importSummary(counts(0, 0, 0))).toBe('Nothing to import');
  });
});

describe('previewSummary', () => {
  it('counts every action of the preview', () => {
    expect(previewSummary(counts(2, 1, 1, 1))).toBe('2 new, 1 to enrol, 1 already in, 1 error');
    expect(previewSummary(counts(0, 0, 0, 3))).toBe('0 new, 0 to enrol, 0 already in, 3 errors');
  });
});

describe('encodingNote', () => {
  it('names the encoding a file was read in when it was not UTF-8', () => {
    expect(encodingNote('Windows-1252')).toMatch(/^Read as Windows-1252, as the file is not/);
    expect(encodingNote('UTF-16LE')).toMatch(/^Read as UTF-16LE/);
    expect(encodingNote('UTF-8')).toBeNull();
  });
});
