/** WCAG relative luminance of a '#rrggbb' colour, or null for anything else. */
function luminance(hex: string): number | null {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return null;
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Black or white, whichever reads better on `background` (an event type's colour): one of them
 * always reaches 4.58:1, so a day's number stays AA on any event colour. Black for unknown forms.
 */
export function readableTextOn(background: string): '#000' | '#fff' {
  const y = luminance(background);
  if (y === null) return '#000';
  return (y + 0.05) / 0.05 >= 1.05 / (y + 0.05) ? '#000' : '#fff';
}
