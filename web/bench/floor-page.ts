// The floor the board is measured against (issue 30): a plain page served by the same server
// that fetches the same board answer and writes its cards as plain HTML, with no framework. It
// lives in a copy of the built client (the server serves the files it finds at start), as an
// HTML file and an external script (the server's Content-Security-Policy allows no inline one).
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const FLOOR_PATH = '/bench-floor.html';

const html = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Board floor</title></head>
  <body><main id="board"></main><script src="/bench-floor.js"></script></body>
</html>
`;

// Reads what the bench's start-up script put on the window: the token and the cohort.
const script = `(() => {
  const { benchToken, benchCohort } = window;
  const esc = (text) => String(text ?? '').replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
  fetch('/api/students?cohort=' + benchCohort, { headers: { authorization: 'Token ' + benchToken } })
    .then((response) => response.json())
    .then((cards) => {
      document.getElementById('board').innerHTML = cards
        .map((card) =>
          '<div class="lp-card"><strong>' + esc(card.name) + '</strong><p>' +
          esc(card.book_name) + ' · ' + esc(card.project_name) + '</p><p>status ' +
          esc(card.assessment_status_id) + ' · ' + esc(card.project_duration) + ' days · score ' +
          esc(card.score) + '</p><p>' + card.tags.map((tag) => esc(tag.name)).join(', ') +
          '</p></div>')
        .join('');
    });
})();
`;

/** A copy of the built client with the floor page beside it; `remove` deletes the copy. */
export async function clientWithFloor(webDist: string) {
  const dir = await mkdtemp(join(tmpdir(), 'lp-bench-client-'));
  await cp(webDist, dir, { recursive: true });
  await writeFile(join(dir, FLOOR_PATH), html);
  await writeFile(join(dir, 'bench-floor.js'), script);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
