// npm run bench:web:compare -- <before> <after> [--rounds 10]
// Two builds of the client (folders of `npx vite build --outDir <dir>`), each on a board of its own
// as `npm run bench:web` measures it (a server with its own data, the same 60 cards), in rounds
// that alternate which build goes first. The machine's pace drifts from minute to minute by as
// much as a change is worth, so each round's two figures are compared with each other: for each
// of the board's measures, both medians, the median of the rounds' differences and in how many
// rounds the second build did better.
import { parseArgs } from 'node:util';
import { launchBrowser } from '../e2e/support/browser.ts';
import { prepareBuilds } from '../e2e/support/builds.ts';
import { type Board, type BoardRound, boardRound, openBoard } from './board-round.ts';
import { boardMeasures, median } from './measures.ts';

const { values: options, positionals: builds } = parseArgs({
  options: { rounds: { type: 'string', default: '10' } },
  allowPositionals: true,
});
const rounds = Number(options.rounds);
const log = (line: string) => console.log(line);

async function main() {
  const [before, after] = builds;
  if (builds.length !== 2 || !before || !after) {
    throw new Error('Give the folders of two builds of the client: <before> <after>');
  }
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds is a whole number');
  // The compiled server the boards run, rebuilt only when its sources changed.
  await prepareBuilds();
  const boards: Board[] = [];
  const browser = await launchBrowser();
  try {
    for (const build of [before, after]) boards.push(await openBoard(build, rounds + 1));
    const [first, second] = boards as [Board, Board];
    const measured: [BoardRound[], BoardRound[]] = [[], []];
    const visit = (board: Board, round: number) =>
      boardRound(browser.browser, board.url, board.setup, board.use, round);
    log(`before: ${before}\nafter:  ${after}\n${rounds} rounds after a warm-up visit of each`);
    await visit(first, 0);
    await visit(second, 0);
    for (let round = 1; round <= rounds; round++) {
      // Each goes first in every other round.
      const order = round % 2 === 1 ? ([0, 1] as const) : ([1, 0] as const);
      for (const which of order) {
        measured[which].push(await visit(which === 0 ? first : second, round));
      }
      log(`round ${round} of ${rounds} done`);
    }
    printComparison(measured);
  } finally {
    await browser.close();
    for (const board of boards) await board.close();
  }
}

function printComparison([before, after]: [BoardRound[], BoardRound[]]) {
  log(
    [
      'measure'.padEnd(30),
      'before'.padStart(9),
      'after'.padStart(9),
      'after − before'.padStart(15),
      '  after lower in',
    ].join(' '),
  );
  for (const measure of boardMeasures) {
    const was = before.map(measure.of);
    const is = after.map(measure.of);
    const differences = is.map((value, round) => value - (was[round] ?? Number.NaN));
    const difference = median(differences);
    const lower = differences.filter((d) => d < 0).length;
    const signed = `${difference > 0 ? '+' : difference < 0 ? '−' : ''}${measure.show(Math.abs(difference))}`;
    log(
      [
        measure.name.padEnd(30),
        measure.show(median(was)).padStart(9),
        measure.show(median(is)).padStart(9),
        signed.padStart(15),
        `  ${lower} of ${differences.length} rounds`,
      ].join(' '),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
