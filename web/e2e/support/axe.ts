import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import type { Locator, Page } from 'playwright-core';

/** WCAG 2.2 A and AA, which includes `target-size` (2.5.8). */
const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  rules: { 'target-size': { enabled: true } },
  resultTypes: ['violations'],
};

const IMPACTS: ImpactValue[] = ['critical', 'serious', 'moderate', 'minor'];
const FAILING: ImpactValue[] = ['critical', 'serious'];

let axeSource: Promise<string> | undefined;
const loadAxe = () => {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
};

interface Finding {
  rule: string;
  impact: ImpactValue;
  target: string;
  summary: string;
}

interface AxeWindow {
  axe?: { run: (context: Element | Document, options: RunOptions) => Promise<AxeResults> };
}

type ColorScheme = 'light' | 'dark';
const SCHEMES: ColorScheme[] = ['light', 'dark'];

/**
 * Runs axe-core's WCAG 2.2 A/AA rules on what the page shows now, in light and in dark: inside
 * `within` (an open dialog) when given, else the whole page. The page follows the system's colour
 * scheme (the default of Settings), so the browser's is set to each in turn, and set back after.
 * Prints one line per scheme with the count by impact and throws on any serious or critical
 * violation, naming the scheme, the rule, the element and what is wrong. One call per screen or
 * dialog: a run on a full board takes a second or more.
 */
export async function checkAccessibility(
  page: Page,
  screen: string,
  within?: Locator,
): Promise<void> {
  const source = await loadAxe();
  // Evaluated through the debugging protocol, which the page's Content-Security-Policy allows.
  const installed = await page.evaluate(() => Boolean((window as AxeWindow).axe));
  if (!installed) await page.evaluate(source);
  const system = await page.evaluate(() =>
    matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
  );
  // The system's scheme first, as it is (no change), then the other, then back.
  const schemes = system === 'light' ? SCHEMES : [...SCHEMES].reverse();
  const failures: string[] = [];
  try {
    for (const scheme of schemes) {
      await showScheme(page, scheme);
      const findings = await runAxe(page, within);
      const failure = report(`${screen} (${scheme})`, findings);
      if (failure) failures.push(failure);
    }
  } finally {
    await showScheme(page, system);
  }
  if (failures.length > 0) throw new Error(failures.join('\n'));
}

/** Sets the browser's colour scheme and waits for the page's theme to follow it. */
async function showScheme(page: Page, scheme: ColorScheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  try {
    await page.waitForFunction(
      (wanted) => {
        const other = wanted === 'dark' ? 'light' : 'dark';
        return (
          document.documentElement.classList.contains(wanted) &&
          document.querySelector(`.radix-themes.${other}`) === null
        );
      },
      scheme,
      { timeout: 10_000 },
    );
  } catch {
    throw new Error(
      `The page did not turn ${scheme} with the system's colour scheme: is Settings' Appearance ` +
        'left on System?',
    );
  }
}

async function runAxe(page: Page, within?: Locator): Promise<Finding[]> {
  const root = within ? await within.elementHandle() : null;
  const findings = await page.evaluate(
    async ({ context, options }) => {
      // Colours are read mid-transition otherwise (a dialog fading in, a hover cross-fading, the
      // theme just changed).
      const finite = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
      await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
      const axe = (window as AxeWindow).axe;
      if (!axe) throw new Error('axe-core did not load into the page');
      const results = await axe.run(context ?? document, options);
      return results.violations.flatMap((violation) =>
        violation.nodes.map((node) => ({
          rule: violation.id,
          impact: node.impact ?? violation.impact ?? 'minor',
          target: node.target.join(' '),
          summary: node.failureSummary ?? violation.help,
        })),
      );
    },
    { context: root, options: RUN_OPTIONS },
  );
  await root?.dispose();
  return findings;
}

/** Prints the counts of a run; what fails it, in words, or null. */
function report(screen: string, findings: Finding[]): string | null {
  const counts = IMPACTS.map(
    (impact) => `${findings.filter((finding) => finding.impact === impact).length} ${impact}`,
  );
  console.log(`axe ${screen}: ${counts.join(', ')}`);
  const failing = findings.filter((finding) => FAILING.includes(finding.impact));
  if (failing.length === 0) return null;
  const lines = failing.map(
    (finding) =>
      `- ${finding.rule} (${finding.impact}) at ${finding.target}: ${finding.summary.replace(/\s+/g, ' ')}`,
  );
  return `${failing.length} serious or critical accessibility violations on ${screen}:\n${lines.join('\n')}`;
}
