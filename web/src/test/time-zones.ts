// Runs a group of tests once per machine time zone: the code under test must give the same
// answers in Tokyo, New York and the rest, whatever zone the CI machine has. Node applies a
// change of process.env.TZ immediately.
import { afterAll, beforeEach, describe } from 'vitest';

export const MACHINE_ZONES = [
  'America/Chicago',
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Tokyo',
  'Pacific/Kiritimati',
  'UTC',
] as const;

export function describeInEveryZone(name: string, body: (zone: string) => void) {
  const original = process.env.TZ;
  afterAll(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });
  describe.each(MACHINE_ZONES)(`${name} (machine zone %s)`, (zone) => {
    beforeEach(() => {
      process.env.TZ = zone;
    });
    body(zone);
  });
}
