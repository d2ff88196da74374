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

/**
 * Runs axe-core's WCAG 2.2 A/AA rules on what the page shows now: inside `within` (an open
 * dialog) when given, else the whole page. Prints one line with the count by impact and throws on
 * any serious or critical violation, naming the rule, the element and what is wrong. One call per
 * screen or dialog: a run on a full board takes a second or more.
 */
export async function checkAccessibility(
  page: Page,
  screen: string,
  within?: Locator,
): Promise<void> {
  const root = within ? await within.elementHandle() : null;
  const source = await loadAxe();
  // Evaluated through the debugging protocol, which the page's Content-Security-Policy allows.
  const installed = await page.evaluate(() => Boolean((window as AxeWindow).axe));
  if (!installed) await page.evaluate(source);
  const findings = await page.evaluate(
    async ({ context, options }) => {
      // Colours are read mid-transition otherwise (a dialog fading in, a hover cross-fading).
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
  report(screen, findings);
}

function report(screen: string, findings: Finding[]) {
  const counts = IMPACTS.map(
    (impact) => `${findings.filter((finding) => finding.impact === impact).length} ${impact}`,
  );
  console.log(`axe ${screen}: ${counts.join(', ')}`);
  const failing = findings.filter((finding) => FAILING.includes(finding.impact));
  if (failing.length === 0) return;
  const lines = failing.map(
    (finding) =>
      `- ${finding.rule} (${finding.impact}) at ${finding.target}: ${finding.summary.replace(/\s+/g, ' ')}`,
  );
  throw new Error(
    `${failing.length} serious or critical accessibility violations on ${screen}:\n${lines.join('\n')}`,
  );
}
