import { describe, expect, it } from 'vitest';
import { readableTextOn } from './readable-text.ts';

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

describe('readableTextOn', () => {
  it('picks black on the light event colours and on Intersession slate, white on dark ones', () => {
    expect(readableTextOn('#98FB98')).toBe('#000');
    expect(readableTextOn('#DDA0DD')).toBe('#000');
    // Slate gray: #1a1a1a reached only 4.29:1; black reaches 5.2:1.
    expect(readableTextOn('#708090')).toBe('#000');
    expect(readableTextOn('#1e3a8a')).toBe('#fff');
  });

  it('always reaches AA whichever grey it is given', () => {
    for (let level = 0; level <= 255; level += 1) {
      const hex = `#${level.toString(16).padStart(2, '0').repeat(3)}`;
      const channel = level / 255;
      const y = channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      const text = readableTextOn(hex) === '#000' ? 0 : 1;
      expect(contrast(y, text)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
