// What a Chrome timeline trace says of the page's main thread: each task of at least `minMs`, when
// it ran and what it spent its time on. Enough to see which task is long and why; the trace
// itself opens in Chrome DevTools' Performance panel or in Perfetto for the details.

/** One event of Chrome's trace event format, the fields read here. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: {
    name?: string;
    data?: {
      url?: string;
      functionName?: string;
      isOutermostMainFrame?: boolean;
      documentLoaderURL?: string;
    };
  };
}

export interface TaskSummary {
  /** ms after the origin. */
  at: number;
  ms: number;
  /** ms per kind of work inside the task (script includes the style and layout it forced). */
  parts: Record<string, number>;
  /** The scripts the task ran most of, with their ms. */
  scripts: [string, number][];
}

const KINDS: Record<string, string> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  'v8.evaluateModule': 'script',
  TimerFire: 'timer',
  FireAnimationFrame: 'animation frame',
  RunMicrotasks: 'microtasks',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  ParseHTML: 'parse HTML',
  ParseAuthorStyleSheet: 'parse CSS',
  MinorGC: 'GC',
  MajorGC: 'GC',
};

/** A navigation that loaded a document (the app's own history changes are navigations too). */
const loadedADocument = (e: TraceEvent) =>
  e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http') === true;

/**
 * The page's renderer main thread: the one that loaded a document over HTTP (a new tab's blank
 * page may sit in a process of its own), else the renderer main thread with the most events.
 */
function pageMainThread(events: TraceEvent[]): string | null {
  const loaded = events.findLast(loadedADocument);
  if (loaded) return `${loaded.pid}:${loaded.tid}`;
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const counts = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (mains.has(key)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/**
 * The page's main-thread tasks of at least `minMs` after `origin`: the last navigation of the
 * page's main frame, or the last `performance.mark` named `origin`.
 */
export function longTasksOf(events: TraceEvent[], origin: string, minMs: number): TaskSummary[] {
  const main = pageMainThread(events);
  const onMain = (e: TraceEvent) => `${e.pid}:${e.tid}` === main;
  const starts = events.filter(
    (e) => onMain(e) && e.name === origin && (origin !== 'navigationStart' || loadedADocument(e)),
  );
  const from = starts.at(-1)?.ts;
  if (from === undefined) throw new Error(`The trace has no ${origin} on the page's main thread`);
  const spans = events.filter((e) => e.ph === 'X' && onMain(e) && e.ts >= from);
  spans.sort((a, b) => a.ts - b.ts);
  const tasks = spans.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= minMs * 1000);
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = spans.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
    const parts: Record<string, number> = {};
    const scripts = new Map<string, number>();
    for (const e of inside) {
      const kind = KINDS[e.name];
      if (!kind) continue;
      parts[kind] = (parts[kind] ?? 0) + (e.dur ?? 0) / 1000;
      const url = e.args?.data?.url;
      if (kind === 'script' && url) {
        const file = url.split('/').at(-1) || url;
        const name = `${e.args?.data?.functionName || '(top level)'} in ${file}`;
        scripts.set(name, (scripts.get(name) ?? 0) + (e.dur ?? 0) / 1000);
      }
    }
    return {
      at: (task.ts - from) / 1000,
      ms: (task.dur ?? 0) / 1000,
      parts,
      scripts: [...scripts]
        .filter(([, ms]) => ms >= 0.5)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3),
    };
  });
}

const round = (ms: number) => ms.toFixed(1);

export function formatTask(task: TaskSummary): string {
  const parts = Object.entries(task.parts)
    .sort((a, b) => b[1] - a[1])
    .filter(([, ms]) => ms >= 0.5)
    .map(([kind, ms]) => `${kind} ${round(ms)}`)
    .join(', ');
  const scripts = task.scripts.map(([name, ms]) => `${name} ${round(ms)}`).join('; ');
  return `  at ${round(task.at)} ms, ${round(task.ms)} ms: ${parts}${scripts ? ` (${scripts})` : ''}`;
}
