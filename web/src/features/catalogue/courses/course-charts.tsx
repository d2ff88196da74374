import { Card, Heading, Text } from '@radix-ui/themes';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  type Plugin,
  PointElement,
  type Scale,
  Title,
  Tooltip,
} from 'chart.js';
import ChartDataLabels from 'chartjs-plugin-datalabels';
import { Bar, Bubble } from 'react-chartjs-2';
import { type ChartColors, themedScale, useChartColors } from '@/ui/chart-colors.ts';
import { ErrorCallout } from '@/ui/error-callout.tsx';
import { useCourseStats } from '../api/courses.ts';
import {
  BAR_DATASET_LABEL,
  BUBBLE_DATASET_LABEL,
  type BubblePoint,
  barSeries,
  bubbleLabel,
  bubblePoints,
  bubbleTooltip,
  drawnBubbles,
  roomForBubbles,
  type StatsRow,
} from './chart-data.ts';

ChartJS.register(CategoryScale, LinearScale, BarElement, PointElement, Title, Tooltip, Legend);

/** Charts appear at once for those who ask for less motion. */
const animation = () =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? false : undefined;

/**
 * Keeps every bubble inside the plot (chart-data.ts `roomForBubbles`), so that none reaches the
 * project names under it or the legend over it. The limits are worked out from the plot's size at
 * the last layout (or an estimate before the first); when a layout then finds a bubble outside,
 * the chart is laid out once more with the plot's real size.
 */
const bubbleFit: Plugin<'bubble'> = {
  id: 'lpBubbleFit',
  afterRender(chart) {
    const area = chart.chartArea;
    const [x, y] = [chart.scales.x, chart.scales.y];
    if (!area || !x || !y) return;
    const points = chart.data.datasets[0]?.data as BubblePoint[] | undefined;
    const outside = (points ?? []).some((point) => {
      const [px, py] = [x.getPixelForValue(point.x), y.getPixelForValue(point.y)];
      return (
        px - point.r < area.left - 1 ||
        px + point.r > area.right + 1 ||
        py - point.r < area.top - 1 ||
        py + point.r > area.bottom + 1
      );
    });
    const state = chart as typeof chart & { lpFitRounds?: number };
    if (!outside) state.lpFitRounds = 0;
    else if ((state.lpFitRounds ?? 0) < 3) {
      state.lpFitRounds = (state.lpFitRounds ?? 0) + 1;
      requestAnimationFrame(() => {
        if (chart.attached) chart.update('none');
      });
    }
  },
};

/** The axis limits of a bubble chart's scale with room for its bubbles. */
function fitBubbles(scale: Scale, points: BubblePoint[], axis: 'x' | 'y') {
  const area = scale.chart.chartArea;
  const vertical = axis === 'y';
  // Before the first layout: the plot is smaller than the room the scale is offered.
  const pixels = area
    ? vertical
      ? area.height
      : area.width
    : (vertical ? scale.maxHeight : scale.maxWidth) * 0.6;
  const base = vertical
    ? { min: scale.min, max: scale.max }
    : { min: 0, max: 2 * (points.length + 1) };
  const span = roomForBubbles(
    points.map((point) => ({ at: point[axis], r: point.r })),
    base,
    pixels,
  );
  scale.min = span.min;
  scale.max = span.max;
}

/**
 * Each bubble's label is the project's name under its bubble on the x axis (spec §9's short
 * label), turned as far as it must be to fit: beside the plot, never over a bubble or the legend.
 * x runs from 0 to one step past the last bubble, so no bubble sits on an edge.
 */
const bubbleOptions = (
  points: BubblePoint[],
  unscaled: BubblePoint[],
  colors: ChartColors,
): ChartOptions<'bubble'> => ({
  responsive: true,
  maintainAspectRatio: false,
  animation: animation(),
  scales: {
    x: {
      type: 'linear',
      // The limits fitBubbles sets, not rounded out to a tick: the ticks are the bubbles.
      bounds: 'data',
      ...themedScale(colors, {
        ticks: {
          autoSkip: false,
          maxRotation: 90,
          callback: (value: number | string) => {
            const point = points.find((p) => p.x === value);
            return point ? bubbleLabel(point.projectname) : '';
          },
        },
      }),
      grid: { display: false },
      afterDataLimits: (scale) => fitBubbles(scale, points, 'x'),
      afterBuildTicks: (scale) => {
        scale.ticks = points.map((point) => ({ value: point.x }));
      },
    },
    y: {
      beginAtZero: true,
      ...themedScale(colors, { title: { display: true, text: 'Days from cohort start' } }),
      afterDataLimits: (scale) => fitBubbles(scale, points, 'y'),
      // Room under 0 is for the lowest bubble: no day before the cohort's start is labelled.
      afterBuildTicks: (scale) => {
        scale.ticks = scale.ticks.filter((tick) => tick.value >= 0);
      },
    },
  },
  plugins: {
    legend: { labels: { color: colors.text } },
    tooltip: {
      callbacks: {
        label: (context) =>
          bubbleTooltip(unscaled[context.dataIndex] ?? (context.raw as BubblePoint)),
      },
    },
  },
});

// The values over the bars: the y axis reaches a fifth of its range past the tallest bar (grace
// counts from half the range), so its value is drawn inside the plot, under the legend, not on it.
const barOptions = (colors: ChartColors): ChartOptions<'bar'> => ({
  responsive: true,
  maintainAspectRatio: false,
  animation: animation(),
  scales: {
    x: themedScale(colors),
    y: { beginAtZero: true, grace: '40%', ...themedScale(colors) },
  },
  plugins: {
    legend: { labels: { color: colors.text } },
    datalabels: { anchor: 'end', align: 'top', color: colors.label },
  },
});

export function BubbleChart({ rows }: { rows: StatsRow[] }) {
  const colors = useChartColors();
  const points = bubblePoints(rows);
  const drawn = drawnBubbles(points);
  const data = {
    datasets: [
      {
        label: BUBBLE_DATASET_LABEL,
        data: drawn,
        backgroundColor: 'rgba(149, 183, 68, 0.5)',
      },
    ],
  };
  return (
    <Bubble
      data={data}
      options={bubbleOptions(drawn, points, colors)}
      plugins={[bubbleFit]}
      aria-label="Time on project: bubble chart of each project's average start delay"
      role="img"
    />
  );
}

export function BarChart({ rows }: { rows: StatsRow[] | undefined }) {
  const colors = useChartColors();
  const series = barSeries(rows);
  const data = {
    labels: series.labels,
    datasets: [
      {
        label: BAR_DATASET_LABEL,
        data: series.values,
        backgroundColor: 'rgba(54, 162, 235, 0.5)',
        borderColor: 'rgba(54, 162, 235, 1)',
        borderWidth: 1,
      },
    ],
  };
  return (
    <Bar
      data={data}
      options={barOptions(colors)}
      plugins={[ChartDataLabels]}
      aria-label="Average start delay: bar chart, days per project"
      role="img"
    />
  );
}

/** The course's two charts of project timing, side by side (spec §9). */
export default function CourseCharts({ courseId }: { courseId: number }) {
  const stats = useCourseStats(courseId);
  if (stats.isError) return <ErrorCallout error={stats.error} what="course statistics" />;
  const rows = stats.data?.data;
  if (rows && rows.length === 0) {
    return (
      <Text as="p" size="2" color="gray" mt="5">
        No learner has started a project of this course yet, so there is nothing to chart.
      </Text>
    );
  }
  return (
    <section className="lp-course-charts" aria-label="Course charts">
      <Card>
        <Heading as="h2" size="3" mb="2">
          Time on Project
        </Heading>
        <div className="lp-course-chart">{rows && <BubbleChart rows={rows} />}</div>
      </Card>
      <Card>
        <Heading as="h2" size="3" mb="2">
          Average Start Delay
        </Heading>
        <div className="lp-course-chart">
          <BarChart rows={rows} />
        </div>
      </Card>
    </section>
  );
}
