// The course charts as drawn, signed in as the demo instructor: every text, bubble and box the
// charts put on their canvases is recorded as it is drawn (the page's 2D context is watched from
// before the app loads), and the project names must not overlap a bubble, the legend or each
// other; the bar chart's values must not overlap the legend.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserSession, connectBrowser } from './support/browser.ts';
import { serverUrl } from './support/servers.ts';
import { readSessionToken, signIn } from './support/session.ts';

const baseUrl = serverUrl();

let session: BrowserSession;
let page: Page;
let token = '';

type Point = [number, number];
/** What a canvas drew, in its own pixels: texts as their four corners, circles, rectangles. */
type Drawn =
  | { kind: 'text'; text: string; corners: Point[] }
  | { kind: 'circle'; x: number; y: number; r: number }
  | { kind: 'rect'; corners: Point[] };

/**
 * Runs in the page before the app: every full clear of a canvas starts its list anew, so the list
 * is always the last picture drawn.
 */
function watchCanvases() {
  type Item =
    | { kind: 'text'; text: string; corners: [number, number][] }
    | { kind: 'circle'; x: number; y: number; r: number }
    | { kind: 'rect'; corners: [number, number][] };
  const lists = new WeakMap<HTMLCanvasElement, Item[]>();
  const proto = CanvasRenderingContext2D.prototype;
  const at = (ctx: CanvasRenderingContext2D, x: number, y: number): [number, number] => {
    const m = ctx.getTransform();
    return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
  };
  const add = (ctx: CanvasRenderingContext2D, item: Item) => {
    const list = lists.get(ctx.canvas) ?? [];
    list.push(item);
    lists.set(ctx.canvas, list);
  };
  const { clearRect, fillText, arc, rect } = proto;
  proto.clearRect = function (x, y, w, h) {
    const m = this.getTransform();
    if (x <= 0 && y <= 0 && w * m.a >= this.canvas.width && h * m.d >= this.canvas.height)
      lists.set(this.canvas, []);
    return clearRect.call(this, x, y, w, h);
  };
  proto.fillText = function (text, x, y, maxWidth) {
    const box = this.measureText(String(text));
    const [left, right] = [x - box.actualBoundingBoxLeft, x + box.actualBoundingBoxRight];
    const [top, bottom] = [y - box.actualBoundingBoxAscent, y + box.actualBoundingBoxDescent];
    if (String(text).trim())
      add(this, {
        kind: 'text',
        text: String(text),
        corners: [
          at(this, left, top),
          at(this, right, top),
          at(this, right, bottom),
          at(this, left, bottom),
        ],
      });
    return fillText.call(this, text, x, y, maxWidth);
  };
  proto.arc = function (x, y, r, start, end, counterclockwise) {
    const m = this.getTransform();
    if (r > 0 && Math.abs(end - start) >= 2 * Math.PI - 1e-6) {
      const [cx, cy] = at(this, x, y);
      add(this, { kind: 'circle', x: cx, y: cy, r: r * Math.hypot(m.a, m.b) });
    }
    return arc.call(this, x, y, r, start, end, counterclockwise);
  };
  proto.rect = function (x, y, w, h) {
    add(this, {
      kind: 'rect',
      corners: [at(this, x, y), at(this, x + w, y), at(this, x + w, y + h), at(this, x, y + h)],
    });
    return rect.call(this, x, y, w, h);
  };
  (window as unknown as { lpDrawn: (canvas: HTMLCanvasElement) => Item[] }).lpDrawn = (canvas) =>
    lists.get(canvas) ?? [];
}

/** The last picture of each course chart, by its heading. */
async function drawnCharts(): Promise<Record<string, Drawn[]>> {
  return page.evaluate(() => {
    const read = (window as unknown as { lpDrawn: (canvas: HTMLCanvasElement) => unknown[] })
      .lpDrawn;
    const charts: Record<string, unknown[]> = {};
    for (const card of document.querySelectorAll('.lp-course-charts > *')) {
      const title = card.querySelector('h2')?.textContent ?? '';
      const canvas = card.querySelector('canvas');
      if (canvas) charts[title] = read(canvas);
    }
    return charts;
  }) as Promise<Record<string, Drawn[]>>;
}

// Geometry of convex shapes: two overlap when no axis of either separates them (the separating
// axis theorem); a circle overlaps a shape that comes nearer its centre than its radius. Touching
// within half a pixel is not overlapping.
const TOUCH = 0.5;

function separated(a: Point[], b: Point[]) {
  for (const shape of [a, b])
    for (const [i, [x1, y1]] of shape.entries()) {
      const [x2, y2] = shape[(i + 1) % shape.length] as Point;
      const [nx, ny] = [y2 - y1, x1 - x2];
      const length = Math.hypot(nx, ny) || 1;
      const project = (points: Point[]) => points.map(([x, y]) => (x * nx + y * ny) / length);
      const [pa, pb] = [project(a), project(b)];
      if (Math.max(...pa) <= Math.min(...pb) + TOUCH || Math.max(...pb) <= Math.min(...pa) + TOUCH)
        return true;
    }
  return false;
}

function distanceToSegment([px, py]: Point, [x1, y1]: Point, [x2, y2]: Point) {
  const [dx, dy] = [x2 - x1, y2 - y1];
  const t = Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
}

function circleMeets(circle: { x: number; y: number; r: number }, shape: Point[]) {
  const centre: Point = [circle.x, circle.y];
  const inside = !separated([centre, centre, centre], shape);
  const nearest = Math.min(
    ...shape.map((corner, i) =>
      distanceToSegment(centre, corner, shape[(i + 1) % shape.length] as Point),
    ),
  );
  return inside || nearest < circle.r - TOUCH;
}

/** The legend: its text and the coloured box drawn just before it. */
function legendOf(drawn: Drawn[], label: string): Point[][] {
  const index = drawn.findIndex((item) => item.kind === 'text' && item.text === label);
  expect(index, `the legend '${label}'`).toBeGreaterThanOrEqual(0);
  const text = drawn[index] as Extract<Drawn, { kind: 'text' }>;
  const box = drawn
    .slice(0, index)
    .reverse()
    .find((item): item is Extract<Drawn, { kind: 'rect' }> => item.kind === 'rect');
  return box ? [text.corners, box.corners] : [text.corners];
}

const texts = (drawn: Drawn[]) =>
  drawn.filter((item): item is Extract<Drawn, { kind: 'text' }> => item.kind === 'text');

/** The short name spec §9 gives a bubble: what follows 'Group:', else the first 6 characters. */
const bubbleLabel = (name: string) =>
  name.includes('Group:') ? name.slice(name.indexOf('Group:') + 6).trim() : name.slice(0, 6);

async function courseStats(courseId: number) {
  const response = await fetch(`${baseUrl}/api/courses/${courseId}/stats`, {
    headers: { Authorization: `Token ${token}` },
  });
  return ((await response.json()) as { data: { projectname: string }[] }).data;
}

/** The charts once drawn and settled: two reads a moment apart give the same picture. */
async function settledCharts(labels: number) {
  let last = '';
  let charts: Record<string, Drawn[]> = {};
  await expect
    .poll(async () => {
      charts = await drawnCharts();
      const bubbles = charts['Time on Project'] ?? [];
      const now = JSON.stringify(charts);
      const same = now === last;
      last = now;
      return same && bubbles.filter((item) => item.kind === 'circle').length >= labels;
    })
    .toBe(true);
  return charts;
}

beforeAll(async () => {
  session = await connectBrowser();
  page = await session.context.newPage();
  await page.addInitScript(watchCanvases);
  // Drawn at once, without animation: the recorded picture is the final one.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, baseUrl, 'instructor');
  token = (await readSessionToken(page)) ?? '';
});

afterAll(async () => {
  await session?.close();
});

describe('the course charts', () => {
  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
  ] as const)
    it(`keep every label off the bubbles, the legend and each other at ${width} × ${height}`, async () => {
      await page.setViewportSize({ width, height });
      const courses = (await (
        await fetch(`${baseUrl}/api/courses`, { headers: { Authorization: `Token ${token}` } })
      ).json()) as { id: number; name: string }[];
      expect(courses.length).toBeGreaterThan(0);
      for (const course of courses) {
        const rows = await courseStats(course.id);
        if (rows.length === 0) continue;
        await page.goto(`${baseUrl}/courses/${course.id}`);
        await page.getByRole('img', { name: /^Time on project/ }).waitFor();
        const charts = await settledCharts(rows.length);

        const bubble = charts['Time on Project'] ?? [];
        const circles = bubble.filter(
          (item): item is Extract<Drawn, { kind: 'circle' }> => item.kind === 'circle',
        );
        const legend = legendOf(bubble, 'Time on Project');
        const wanted = rows.map((row) => bubbleLabel(row.projectname));
        const labels = texts(bubble).filter((item) => wanted.includes(item.text));
        expect(labels.map((item) => item.text).sort(), course.name).toEqual([...wanted].sort());
        const problems: string[] = [];
        for (const [i, label] of labels.entries()) {
          for (const circle of circles)
            if (circleMeets(circle, label.corners))
              problems.push(
                `'${label.text}' over a bubble at ${circle.x.toFixed(0)},${circle.y.toFixed(0)}`,
              );
          for (const part of legend)
            if (!separated(label.corners, part)) problems.push(`'${label.text}' over the legend`);
          for (const other of labels.slice(i + 1))
            if (!separated(label.corners, other.corners))
              problems.push(`'${label.text}' over '${other.text}'`);
        }
        for (const circle of circles)
          for (const part of legend)
            if (circleMeets(circle, part)) problems.push('a bubble over the legend');

        // The bar chart: the value over each bar stays off the legend.
        const bars = charts['Average Start Delay'] ?? [];
        const barLegend = legendOf(bars, 'Average Start Delay (days)');
        const lastBar = bars.findLastIndex((item) => item.kind === 'rect');
        const values = texts(bars.slice(lastBar + 1)).filter((item) => /^\d+$/.test(item.text));
        expect(values).toHaveLength(rows.length);
        for (const value of values)
          for (const part of barLegend)
            if (!separated(value.corners, part))
              problems.push(`the value ${value.text} over the bar chart's legend`);
        expect(problems, `${course.name} at ${width} × ${height}`).toEqual([]);
      }
    });
});
