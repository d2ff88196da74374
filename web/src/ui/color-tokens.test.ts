import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ColorScheme } from '@/lib/appearance.ts';
import { sourceFolder as source, sourceFiles } from '@/test/source-files.ts';
import { CHART_COLORS } from './chart-colors.ts';

// Radix Themes' colour scales are token files of their own. The first page's stylesheet
// (app/theme.css) brings a few; a feature using another `color` brings its token file in a
// stylesheet of its own folder. A missing one leaves the component without colour, focus ring
// or contrast (Reset on the Teams page once showed neither), which no type check sees.
// `gray` is the theme's own gray (slate), always there.
const scales = new Set(
  readdirSync(join(process.cwd(), '..', 'node_modules/@radix-ui/themes/tokens/colors'))
    .map((name) => name.replace(/\.css$/, ''))
    .filter((scale) => scale !== 'gray'),
);

/** The scales a stylesheet text imports. */
const importedScales = (css: string) =>
  [...css.matchAll(/tokens\/colors\/([a-z]+)\.css/g)].map(([, scale]) => scale ?? '');

/** The Radix scales a component text names in a `color` prop, literal or in an expression. */
function usedScales(tsx: string): string[] {
  const props = [...tsx.matchAll(/\bcolor=(?:"([a-z]+)"|\{([^}]*)\})/g)];
  return props
    .flatMap(([, literal, expression]) =>
      literal ? [literal] : [...(expression ?? '').matchAll(/'([a-z]+)'/g)].map(([, w]) => w),
    )
    .filter((scale): scale is string => scale !== undefined && scales.has(scale));
}

/** The folder that owns a file: features/<name>, or the app's shared code (ui, app, lib). */
const ownerOf = (file: string) => {
  const parts = relative(source, file).split(sep);
  return parts[0] === 'features' ? join(source, 'features', parts[1] ?? '') : null;
};

describe('colour tokens', () => {
  it('come with every Radix colour a screen uses', () => {
    const everywhere = new Set(importedScales(readFileSync(join(source, 'app/theme.css'), 'utf8')));
    const missing: string[] = [];
    for (const file of sourceFiles(/\.tsx$/)) {
      const owner = ownerOf(file);
      const own = new Set(
        owner
          ? [...sourceFiles(/\.css$/, owner)].flatMap((css) =>
              importedScales(readFileSync(css, 'utf8')),
            )
          : [],
      );
      for (const scale of usedScales(readFileSync(file, 'utf8')))
        if (!everywhere.has(scale) && !own.has(scale))
          missing.push(`${relative(source, file)}: ${scale}`);
    }
    expect(missing).toEqual([]);
  });

  it('notices literal colours and colours chosen in an expression', () => {
    expect(usedScales(`<Button color="ruby" /><Button color={on ? 'lime' : 'grass'} />`)).toEqual([
      'ruby',
      'lime',
      'grass',
    ]);
  });
});

// The app's own colours (ui/palette.css) in light and in dark: each text colour reads on every
// ground it is shown on (WCAG 1.4.3: 4.5:1), a mark that must be seen on its ground at 3:1 (1.4.11).
// Names are custom properties of the palette or of Radix Themes' scales.
const CARD = ['--lp-card-from', '--lp-card-to'];
/** Radix's card and panel ground (tokens/base.css): white in light, step 2 of the gray in dark. */
const PANEL = '--color-panel-solid';
const CONTRASTS: [ink: string, grounds: string[], least: number][] = [
  ['--lp-header-text', ['--lp-book-header', '--lp-project-header', '--lp-assessment-header'], 4.5],
  // The header of the column of learners without a project.
  ['--lp-header-text', ['--gray-4'], 4.5],
  ['--lp-card-name', CARD, 4.5],
  ['--gray-11', CARD, 4.5],
  ['--lp-activity-idle', CARD, 4.5],
  ['--lp-activity-pull', CARD, 4.5],
  ['--lp-activity-passing', CARD, 4.5],
  ['--lp-activity-failing', CARD, 4.5],
  ['--lp-activity-running', CARD, 4.5],
  ['--lp-badge-started-text', ['--lp-badge-started'], 4.5],
  ['--lp-badge-ready-text', ['--lp-badge-ready'], 4.5],
  ['--lp-badge-incomplete-text', ['--lp-badge-incomplete'], 4.5],
  ['--lp-badge-complete-text', ['--lp-badge-complete'], 4.5],
  ['--lp-objective-text', ['--lp-objective'], 4.5],
  // Text in the page's colour on the palette's grounds: tags, the MVP counter, a core skill's
  // header, the capstone list's hovered row, the shortcuts panel, the cohorts one coaches.
  [
    '--gray-12',
    [
      '--lp-tag',
      '--lp-tag-chip',
      '--lp-assessment-header',
      '--lp-skill-header',
      '--lp-row-hover',
      '--lp-cohort-mine',
    ],
    4.5,
  ],
  ['--gray-11', ['--lp-note-panel', '--lp-cohort-mine'], 4.5],
  ['--lp-firebrick', [PANEL, '--gray-2'], 4.5],
];
// Borders and shadows that only set things apart: a card's badge says its status in words.
const DECORATIVE = [
  '--lp-card-border',
  '--lp-started',
  '--lp-ready',
  '--lp-ready-faded',
  '--lp-incomplete',
  '--lp-complete',
  '--lp-note-border',
  '--lp-row-border',
  '--lp-cohort-shadow',
];

type Tokens = Record<ColorScheme, Map<string, string>>;

const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, '');

/** The custom properties of the light (`:root`, `.light`) and dark (`.dark`) blocks of a file. */
function tokensOf(css: string): Tokens {
  const tokens: Tokens = { light: new Map(), dark: new Map() };
  const rules = withoutComments(css).matchAll(/([^{}]+)\{([^{}]*)\}/g);
  // The first block of each: later ones are Radix's display-p3 values.
  for (const [, selector = '', body = ''] of rules) {
    const scheme = /\.dark\b/.test(selector)
      ? 'dark'
      : /:root|\.light\b/.test(selector)
        ? 'light'
        : null;
    if (!scheme || tokens[scheme].size > 0) continue;
    for (const [, name = '', value = ''] of body.matchAll(/(--[\w-]+):\s*([^;]+);/g))
      tokens[scheme].set(name, value.trim());
  }
  return tokens;
}

const palette = tokensOf(readFileSync(join(source, 'ui/palette.css'), 'utf8'));
const radixColors = join(process.cwd(), '..', 'node_modules/@radix-ui/themes/tokens/colors');
const radix = tokensOf(readFileSync(join(radixColors, 'slate.css'), 'utf8'));

type Rgba = [number, number, number, number];

/** A colour as the palette writes it (#rgb, #rrggbb, #rrggbbaa, rgb()), or a name of one. */
function colour(value: string, scheme: ColorScheme): Rgba {
  const name = /^var\((--[\w-]+)\)$/.exec(value)?.[1] ?? (value.startsWith('--') ? value : null);
  if (name) {
    if (name === PANEL) return colour(scheme === 'light' ? '#ffffff' : '--gray-2', scheme);
    // The theme's gray is slate (the indigo accent's).
    const found =
      palette[scheme].get(name) ?? radix[scheme].get(name.replace(/^--gray-/, '--slate-'));
    if (!found) throw new Error(`No ${scheme} value for ${name}`);
    return colour(found, scheme);
  }
  const hex = /^#([\da-f]+)$/i.exec(value)?.[1];
  if (hex && [3, 6, 8].includes(hex.length)) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    const [r = 0, g = 0, b = 0, a = 255] = (full.match(/../g) ?? []).map((p) =>
      Number.parseInt(p, 16),
    );
    return [r, g, b, a / 255];
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[/,]\s*([\d.]+))?\s*\)$/.exec(
    value,
  );
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), Number(rgb[4] ?? 1)];
  throw new Error(`Not a colour the test reads: ${value}`);
}

const over = ([r, g, b, a]: Rgba, [R, G, B]: Rgba): Rgba => [
  r * a + R * (1 - a),
  g * a + G * (1 - a),
  b * a + B * (1 - a),
  1,
];

function luminance([r, g, b]: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast of `ink` on `ground`, each composited over what is under it (the page). */
function contrast(ink: Rgba, ground: Rgba, page: Rgba): number {
  const under = over(ground, page);
  const [a, b] = [luminance(over(ink, under)), luminance(under)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

describe.each(['light', 'dark'] as const)('the palette in %s', (scheme) => {
  const page = colour('--gray-2', scheme);
  const shortOf = (ink: Rgba, grounds: [string, Rgba][], least: number, what: string) =>
    grounds
      .map(([name, ground]) => [name, contrast(ink, ground, page)] as const)
      .filter(([, ratio]) => ratio < least)
      .map(([name, ratio]) => `${what} on ${name}: ${ratio.toFixed(2)}:1, under ${least}:1`);

  it('reads: every text at 4.5:1 on its grounds, every mark at 3:1', () => {
    const failing = CONTRASTS.flatMap(([ink, grounds, least]) =>
      shortOf(
        colour(ink, scheme),
        grounds.map((ground) => [ground, colour(ground, scheme)]),
        least,
        ink,
      ),
    );
    expect(failing).toEqual([]);
  });

  it("has the charts' text and data labels at 4.5:1 on their cards", () => {
    const { text, label } = CHART_COLORS[scheme];
    const card: [string, Rgba][] = [[PANEL, colour(PANEL, scheme)]];
    expect([
      ...shortOf(colour(text, scheme), card, 4.5, 'chart text'),
      ...shortOf(colour(label, scheme), card, 4.5, 'chart label'),
    ]).toEqual([]);
  });

  it('has a value for every colour, each held to a contrast or named as decorative', () => {
    const checked = new Set([
      ...CONTRASTS.flatMap(([ink, grounds]) => [ink, ...grounds]),
      ...DECORATIVE,
    ]);
    const other = scheme === 'light' ? 'dark' : 'light';
    expect([...palette[scheme].keys()].filter((name) => !checked.has(name))).toEqual([]);
    expect([...palette[scheme].keys()].sort()).toEqual([...palette[other].keys()].sort());
    for (const value of palette[scheme].values()) expect(() => colour(value, scheme)).not.toThrow();
  });
});

/** Colours written as they are (not a custom property): hex, rgb(), hsl() and a name. */
const LITERAL =
  /#[\da-f]{3,8}\b|\b(?:rgba?|hsla?)\(|(?<![\w-])(?:white|black|firebrick|pink|goldenrod|lightgoldenrodyellow)(?![\w-])/i;

// Colours that carry their own ground and so read the same in either scheme.
// Where colours are written: the app's palette, and the calendar's own tokens, which
// features/calendar/calendar-colors.test.ts holds to its limits in light and dark.
const TOKEN_FILES = new Set(['ui/palette.css', 'features/calendar/calendar-colors.css']);

const OWN_GROUND = new Set([
  // The GitHub callback page: a night sky, white text, a planet.
  'features/auth/warp-drive.css',
  // The learner's score: a firebrick box with its figure in pink and its label in white.
  'features/learners/components/learners.css .lp-learner__score',
  'features/learners/components/learners.css .lp-learner__score-label',
  // The active course in a cohort's overlay: white on a dark plum badge.
  'features/cohorts/components/cohorts.css .lp-course-badge.is-active',
]);

describe('colours written as they are', () => {
  it('stay out of stylesheets but the palette: a rule names a custom property of it or of Radix', () => {
    const literal: string[] = [];
    for (const file of sourceFiles(/\.css$/)) {
      const path = relative(source, file).split(sep).join('/');
      if (TOKEN_FILES.has(path) || OWN_GROUND.has(path)) continue;
      const css = withoutComments(readFileSync(file, 'utf8'));
      for (const [, selector = '', body = ''] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
        if (OWN_GROUND.has(`${path} ${selector.trim()}`)) continue;
        for (const declaration of body.split(';')) {
          const [property = '', ...rest] = declaration.split(':');
          // Shadows are black at any scheme; a theme colour darkened with black stays the theme's.
          if (/shadow/.test(property)) continue;
          const value = rest.join(':').replace(/color-mix\([^()]*var\([^()]*\)[^()]*\)/g, '');
          if (LITERAL.test(value))
            literal.push(`${path} ${selector.trim()} { ${declaration.trim()} }`);
        }
      }
    }
    expect(literal).toEqual([]);
  });

  it('stay out of inline styles', () => {
    const literal: string[] = [];
    for (const file of sourceFiles(/\.tsx$/)) {
      for (const [style = ''] of readFileSync(file, 'utf8').matchAll(/style=\{\{[\s\S]*?\}\}/g)) {
        const strings = [...style.matchAll(/(['"`])(.*?)\1/g)].map(([, , text = '']) => text);
        if (strings.some((text) => LITERAL.test(text)))
          literal.push(`${relative(source, file)}: ${style}`);
      }
    }
    expect(literal).toEqual([]);
  });
});
