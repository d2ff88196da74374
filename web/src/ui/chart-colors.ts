// Chart.js draws on a canvas, where CSS variables do not reach: its text and grid colours for the
// scheme shown (lib/appearance.ts). Series colours are mid-tones that read on both grounds.
import type { ColorScheme } from '@/lib/appearance.ts';
import { useColorScheme } from '@/lib/use-color-scheme.ts';

export interface ChartColors {
  /** Tick labels, axis titles and legends: 4.5:1 on a card (color-tokens.test.ts). */
  text: string;
  /** The values written on the data (chartjs-plugin-datalabels). */
  label: string;
  grid: string;
}

export const CHART_COLORS: Record<ColorScheme, ChartColors> = {
  // Chart.js's own defaults, as the charts have always been drawn in light.
  light: { text: '#666666', label: '#000000', grid: 'rgba(0, 0, 0, 0.1)' },
  dark: { text: '#b0b4ba', label: '#edeef0', grid: 'rgba(255, 255, 255, 0.14)' },
};

export function useChartColors(): ChartColors {
  return CHART_COLORS[useColorScheme()];
}

/** A scale's options with the scheme's colours for its ticks, grid, border and title. */
export function themedScale<T extends { title?: object; ticks?: object }>(
  colors: ChartColors,
  scale: T = {} as T,
) {
  return {
    ...scale,
    ticks: { ...scale.ticks, color: colors.text },
    grid: { color: colors.grid },
    border: { color: colors.grid },
    title: { ...scale.title, color: colors.text },
  };
}
