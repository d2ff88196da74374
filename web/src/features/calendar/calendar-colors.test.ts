import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOKEN_EVENT_TYPES } from './model/event-colors.ts';

// The calendar's colour tokens (calendar-colors.css), read as the browser gets them, held to what
// a reader needs: event types told apart from each other and from a day without events (a
// CIEDE2000 distance, the CIE's measure of how different two colours look), and AA text on every
// background. A dark variant of the tokens, when it comes, is held to the same by the same test.
const folder = join(process.cwd(), 'src/features/calendar');
const css = readFileSync(join(folder, 'calendar-colors.css'), 'utf8');

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '');

/** Every block of token declarations: its selector and its `--name: #hex` pairs. */
function tokenBlocks(text: string) {
  const blocks = [...withoutComments(text).matchAll(/([^{}]+)\{([^}]*)\}/g)];
  return blocks.map(([, selector, body]) => ({
    selector: (selector ?? '').trim(),
    tokens: new Map(
      [...(body ?? '').matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [
        name ?? '',
        (value ?? '').trim(),
      ]),
    ),
  }));
}

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
}

const luminance = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** WCAG contrast ratio of two colours. */
function contrast(a: string, b: string) {
  const [x, y] = [luminance(rgbOf(a)), luminance(rgbOf(b))];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** CIELAB (D65) of an sRGB colour. */
function lab(hex: string): Rgb {
  const [r, g, b] = rgbOf(hex);
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const y = 0.2126729 * r + 0.7151522 * g + 0.072175 * b;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIEDE2000 colour difference (Sharma, Wu and Dalal 2005), with kL = kC = kH = 1. */
function deltaE2000([l1, a1, b1]: Rgb, [l2, a2, b2]: Rgb) {
  const rad = Math.PI / 180;
  const cBar = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const g = 0.5 * (1 - Math.sqrt(cBar ** 7 / (cBar ** 7 + 25 ** 7)));
  const [a1p, a2p] = [(1 + g) * a1, (1 + g) * a2];
  const [c1, c2] = [Math.hypot(a1p, b1), Math.hypot(a2p, b2)];
  const hue = (b: number, a: number) =>
    a === 0 && b === 0 ? 0 : (Math.atan2(b, a) / rad + 360) % 360;
  const [h1, h2] = [hue(b1, a1p), hue(b2, a2p)];
  let dh = 0;
  if (c1 * c2 !== 0) dh = h2 - h1 > 180 ? h2 - h1 - 360 : h2 - h1 < -180 ? h2 - h1 + 360 : h2 - h1;
  const dH = 2 * Math.sqrt(c1 * c2) * Math.sin((dh * rad) / 2);
  const lBar = (l1 + l2) / 2;
  const cBarP = (c1 + c2) / 2;
  let hBar = h1 + h2;
  if (c1 * c2 !== 0) hBar = (Math.abs(h1 - h2) > 180 ? hBar + (hBar < 360 ? 360 : -360) : hBar) / 2;
  const t =
    1 -
    0.17 * Math.cos((hBar - 30) * rad) +
    0.24 * Math.cos(2 * hBar * rad) +
    0.32 * Math.cos((3 * hBar + 6) * rad) -
    0.2 * Math.cos((4 * hBar - 63) * rad);
  const rotation = 30 * Math.exp(-(((hBar - 275) / 25) ** 2));
  const rc = 2 * Math.sqrt(cBarP ** 7 / (cBarP ** 7 + 25 ** 7));
  const sl = 1 + (0.015 * (lBar - 50) ** 2) / Math.sqrt(20 + (lBar - 50) ** 2);
  const sc = 1 + 0.045 * cBarP;
  const sh = 1 + 0.015 * cBarP * t;
  const rt = -Math.sin(2 * rotation * rad) * rc;
  const [dl, dc, dhh] = [(l2 - l1) / sl, (c2 - c1) / sc, dH / sh];
  return Math.sqrt(dl ** 2 + dc ** 2 + dhh ** 2 + rt * dc * dhh);
}

/** Event types apart from each other, and an event day apart from a plain one, at least this much. */
const BETWEEN_TYPES = 20;
const FROM_PLAIN_DAY = 15;
const AA_TEXT = 4.5;

const blocks = tokenBlocks(css);

describe('the calendar colour tokens', () => {
  it('measure colour differences as the CIEDE2000 reference data does', () => {
    expect(deltaE2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(deltaE2000([50, 0, 0], [50, -1, 2])).toBeCloseTo(2.3669, 4);
    expect(deltaE2000([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 4);
    expect(deltaE2000([60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387])).toBeCloseTo(
      1.2644,
      4,
    );
  });

  it('are in one place, and the calendar stylesheets name no colour of their own', () => {
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks[0]?.selector).toBe(':root');
    const literal = /#[0-9a-f]{3,8}\b|\brgba?\(|\bhsla?\(|\b(?:white|black)\b/i;
    const sheets = ['components/calendar.css', 'components/upcoming-events.css'];
    for (const sheet of sheets)
      expect(withoutComments(readFileSync(join(folder, sheet), 'utf8')), sheet).not.toMatch(
        literal,
      );
    const components = readdirSync(join(folder, 'components')).filter(
      (name) => name.endsWith('.tsx') && !name.endsWith('.test.tsx'),
    );
    for (const name of components)
      expect(readFileSync(join(folder, 'components', name), 'utf8'), name).not.toMatch(
        /['"`]#[0-9a-f]{3,8}\b/i,
      );
  });

  for (const { selector, tokens } of blocks) {
    const token = (name: string) => {
      const value = tokens.get(name);
      if (!value) throw new Error(`${selector} has no ${name}`);
      return value;
    };
    const types = TOKEN_EVENT_TYPES.map((id) => ({
      id,
      background: token(`--lp-event-${id}`),
      text: token(`--lp-event-${id}-text`),
    }));

    describe(selector, () => {
      it('have a background and a text colour for each event type the calendar knows, and no others', () => {
        const named = [...tokens.keys()].filter((name) => /^--lp-event-\d+$/.test(name));
        expect(named.sort()).toEqual(TOKEN_EVENT_TYPES.map((id) => `--lp-event-${id}`).sort());
      });

      it(`tell every two event types apart (CIEDE2000 ≥ ${BETWEEN_TYPES})`, () => {
        const close: string[] = [];
        for (const [i, a] of types.entries())
          for (const b of types.slice(i + 1)) {
            const distance = deltaE2000(lab(a.background), lab(b.background));
            if (distance < BETWEEN_TYPES)
              close.push(
                `${a.id} ${a.background} / ${b.id} ${b.background}: ${distance.toFixed(1)}`,
              );
          }
        expect(close).toEqual([]);
      });

      it(`tell an event day from a plain day and from the calendar (CIEDE2000 ≥ ${FROM_PLAIN_DAY})`, () => {
        for (const type of types) {
          for (const plain of ['--lp-calendar-day', '--lp-calendar-surface'])
            expect(
              deltaE2000(lab(type.background), lab(token(plain))),
              `${type.id} against ${plain}`,
            ).toBeGreaterThanOrEqual(FROM_PLAIN_DAY);
        }
      });

      it(`keep every text AA (${AA_TEXT}:1) on what it is written on`, () => {
        const pairs: [string, string, string][] = [
          ...types.map(
            (type) =>
              [`event type ${type.id}`, type.text, type.background] as [string, string, string],
          ),
          ['day number', token('--lp-calendar-day-text'), token('--lp-calendar-day')],
          ['month titles', token('--lp-calendar-text'), token('--lp-calendar-surface')],
          ['weekdays and hint', token('--lp-calendar-muted-text'), token('--lp-calendar-surface')],
          ['selected day', token('--lp-calendar-selected-text'), token('--lp-calendar-selected')],
        ];
        for (const [what, text, background] of pairs)
          expect(contrast(text, background), what).toBeGreaterThanOrEqual(AA_TEXT);
      });

      it("keep today's ring and the events mark visible (3:1) on a plain day", () => {
        expect(
          contrast(token('--lp-calendar-mark'), token('--lp-calendar-day')),
        ).toBeGreaterThanOrEqual(3);
      });
    });
  }
});
