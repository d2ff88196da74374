// Icons ship with the app (Radix's icons, our own SVG): a character drawn as an emoji needs an
// emoji font, and where none is installed (many Linux desktops, some kiosks) it shows as an
// empty box.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles, sourceFolder } from '../test/source-files.ts';

/** Characters shown as emoji by default, and any character asked to show as one (U+FE0F). */
const EMOJI = /\p{Emoji_Presentation}|\uFE0F/gu;

/** Each emoji in `text`, as `line: character`. */
function emojiIn(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, at) => [...line.matchAll(EMOJI)].map(([emoji]) => `${at + 1}: ${emoji}`));
}

describe('the app’s text', () => {
  it('has no emoji in any screen', () => {
    const found = [...sourceFiles(/\.(tsx?|css)$/)].flatMap((file) =>
      emojiIn(readFileSync(file, 'utf8')).map(
        (place) => `${relative(sourceFolder, file)}:${place}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('notices emoji, and leaves the text symbols the app draws with its font alone', () => {
    expect(emojiIn('<p>🧨 Check every item</p>\n<span>⚠️</span>')).toEqual(['1: 🧨', '2: \uFE0F']);
    expect(emojiIn('Next › · 3 → 4 · ✓ done · × close · ⋮ menu · ↑ ↓')).toEqual([]);
  });
});
