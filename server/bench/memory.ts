import { readFileSync } from 'node:fs';

// The bench server's resident memory (VmRSS of its process, Linux): on PGlite it holds the
// database too, on a PostgreSQL server only the Node process. Goals of a small school's server
// (1 GB), idle after start: under 300 MB on the embedded engine, under 150 MB with a PostgreSQL
// server. Under load it is reported, not judged.

export const RSS_GOAL_MB = { pg: 150, pglite: 300 } as const;

/** The process's resident set in MB; NaN where /proc is not there. */
export function residentMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
