// What a Chrome timeline trace says of the page's main thread: each task of at least `minMs`, when
// it ran and what it spent its time on, and with V8's sampler in the trace the functions it spent
// it in; and when the app's own marks (lib/user-timing.ts) fell between them. Enough to see which
// task is long and why; the trace itself opens in Chrome DevTools' Performance panel or in
// Perfetto for the details.

/** One event of Chrome's trace event format, the fields read here. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** A sampler's profile and its chunks share one. */
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      functionName?: string;
      isOutermostMainFrame?: boolean;
      documentLoaderURL?: string;
      /** V8's sampler: `Profile` (on the sampled thread) … */
      startTime?: number;
      /** … and its `ProfileChunk`s: new call tree nodes, samples and µs between samples. */
      cpuProfile?: { nodes?: SampledNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

interface SampledNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; lineNumber?: number };
}

export interface TaskSummary {
  /** ms after the origin. */
  at: number;
  ms: number;
  /** ms per kind of work inside the task (script includes the style and layout it forced). */
  parts: Record<string, number>;
  /** The scripts the task ran most of, with their ms. */
  scripts: [string, number][];
  /** With the sampler: the functions most samples were in (self time), with their ms. */
  hot: [string, number][];
  /**
   * With the sampler: the app's own functions (not the libraries' chunks) most samples were in or
   * under (total time), with their ms: which component or call the task's time went to.
   */
  app: [string, number][];
}

/** One of the app's user-timing marks (lib/user-timing.ts), ms after the origin. */
export interface AppMark {
  name: string;
  at: number;
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

/** One sample of V8's sampler: when (trace µs), the function it was in and those that called it. */
interface Sample {
  ts: number;
  frame: string;
  /** The function it was in, then its callers, outermost last. */
  stack: string[];
}

const frameName = ({ functionName, url, lineNumber }: SampledNode['callFrame']) => {
  if (!url) return functionName || '(native)';
  return `${functionName || '(anonymous)'} ${url.split('/').at(-1)}:${(lineNumber ?? 0) + 1}`;
};

/** The samples V8's sampler took on the thread `main` (`pid:tid`), in time order. */
function samplesOn(events: TraceEvent[], main: string): Sample[] {
  const profiles = events.filter((e) => e.name === 'Profile' && `${e.pid}:${e.tid}` === main);
  const samples: Sample[] = [];
  for (const profile of profiles) {
    const frames = new Map<number, string>();
    const parents = new Map<number, number>();
    const stackOf = (id: number) => {
      const stack: string[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
        const frame = frames.get(at);
        if (frame) stack.push(frame);
      }
      return stack;
    };
    let ts = profile.args?.data?.startTime ?? profile.ts;
    const chunks = events.filter(
      (e) => e.name === 'ProfileChunk' && e.pid === profile.pid && e.id === profile.id,
    );
    for (const chunk of chunks) {
      const data = chunk.args?.data;
      for (const node of data?.cpuProfile?.nodes ?? []) {
        frames.set(node.id, frameName(node.callFrame));
        if (node.parent !== undefined) parents.set(node.id, node.parent);
      }
      const ids = data?.cpuProfile?.samples ?? [];
      const deltas = data?.timeDeltas ?? [];
      ids.forEach((id, at) => {
        ts += deltas[at] ?? 0;
        const stack = stackOf(id);
        const frame = stack[0];
        if (frame) samples.push({ ts, frame, stack });
      });
    }
  }
  return samples.sort((a, b) => a.ts - b.ts);
}

/** The sampler's own markers: time outside JavaScript is in the task's parts already. */
const notJavaScript = /^\((root|program|idle|garbage collector)\)$/;

/** The functions the samples between `from` and `to` (µs) were in most, with their ms. */
function hottest(samples: Sample[], from: number, to: number): [string, number][] {
  const inside = samples.filter((sample) => sample.ts >= from && sample.ts < to);
  const ms = new Map<string, number>();
  inside.forEach((sample, at) => {
    if (notJavaScript.test(sample.frame)) return;
    const next = inside[at + 1]?.ts ?? to;
    ms.set(sample.frame, (ms.get(sample.frame) ?? 0) + (next - sample.ts) / 1000);
  });
  return [...ms]
    .filter(([, total]) => total >= 0.5)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
}

/** A function of a script the page loaded (frameName: its file and line), not the browser's. */
const ownCode = / \S*:\d+$/;
/** A function of a library's chunk (the build's vendor groups) or of the bundler's runtime. */
const library = / (vendor-|rolldown-runtime)\S*$/;

/** The app's own functions the samples between `from` and `to` (µs) were in or under most. */
function heaviestOfTheApp(samples: Sample[], from: number, to: number): [string, number][] {
  const inside = samples.filter((sample) => sample.ts >= from && sample.ts < to);
  const ms = new Map<string, number>();
  inside.forEach((sample, at) => {
    const next = inside[at + 1]?.ts ?? to;
    // A recursive function counts once per sample.
    for (const frame of new Set(sample.stack)) {
      if (!ownCode.test(frame) || library.test(frame)) continue;
      ms.set(frame, (ms.get(frame) ?? 0) + (next - sample.ts) / 1000);
    }
  });
  return [...ms]
    .filter(([, total]) => total >= 1)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6);
}

/**
 * The page's main-thread tasks of at least `minMs` after `origin`: the last navigation of the
 * page's main frame, or the last `performance.mark` named `origin`.
 */
export function longTasksOf(events: TraceEvent[], origin: string, minMs: number): TaskSummary[] {
  const { main, onMain, from } = timeline(events, origin);
  const spans = events.filter((e) => e.ph === 'X' && onMain(e) && e.ts >= from);
  spans.sort((a, b) => a.ts - b.ts);
  const tasks = spans.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= minMs * 1000);
  const samples = main ? samplesOn(events, main) : [];
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
      hot: hottest(samples, task.ts, end),
      app: heaviestOfTheApp(samples, task.ts, end),
    };
  });
}

/** The page's main thread and the time (trace µs) of `origin` on it (see longTasksOf). */
function timeline(events: TraceEvent[], origin: string) {
  const main = pageMainThread(events);
  const onMain = (e: TraceEvent) => `${e.pid}:${e.tid}` === main;
  const starts = events.filter(
    (e) => onMain(e) && e.name === origin && (origin !== 'navigationStart' || loadedADocument(e)),
  );
  const from = starts.at(-1)?.ts;
  if (from === undefined) throw new Error(`The trace has no ${origin} on the page's main thread`);
  return { main, onMain, from };
}

/** The app's own marks (named `lp:…`, lib/user-timing.ts) on the page's main thread after `origin`. */
export function appMarksOf(events: TraceEvent[], origin: string): AppMark[] {
  const { onMain, from } = timeline(events, origin);
  return events
    .filter((e) => onMain(e) && e.name.startsWith('lp:') && e.ts >= from)
    .sort((a, b) => a.ts - b.ts)
    .map((e) => ({ name: e.name, at: (e.ts - from) / 1000 }));
}

const round = (ms: number) => ms.toFixed(1);

export function formatTask(task: TaskSummary): string {
  const parts = Object.entries(task.parts)
    .sort((a, b) => b[1] - a[1])
    .filter(([, ms]) => ms >= 0.5)
    .map(([kind, ms]) => `${kind} ${round(ms)}`)
    .join(', ');
  const scripts = task.scripts.map(([name, ms]) => `${name} ${round(ms)}`).join('; ');
  const line = `  at ${round(task.at)} ms, ${round(task.ms)} ms: ${parts}${scripts ? ` (${scripts})` : ''}`;
  const listed = (frames: [string, number][]) =>
    frames.map(([frame, ms]) => `${frame} ${round(ms)}`).join('; ');
  return [
    line,
    ...(task.hot.length ? [`    sampled, by own time: ${listed(task.hot)}`] : []),
    ...(task.app.length ? [`    sampled, the app's by total time: ${listed(task.app)}`] : []),
  ].join('\n');
}

export const formatMarks = (marks: AppMark[]) =>
  `  the app's marks: ${marks.length ? marks.map((mark) => `${mark.name} at ${round(mark.at)} ms`).join('; ') : 'none'}`;
