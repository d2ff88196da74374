import { Card, Heading, Text } from '@radix-ui/themes';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  PointElement,
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
  type StatsRow,
} from './chart-data.ts';

ChartJS.register(CategoryScale, LinearScale, BarElement, PointElement, Title, Tooltip, Legend);

/** x runs from 0 to one step past the last bubble, so no bubble sits on an edge. */
const bubbleOptions = (count: number, colors: ChartColors): ChartOptions<'bubble'> => ({
  responsive: true,
  maintainAspectRatio: false,
  layout: { padding: { top: 40, right: 24 } },
  scales: {
    x: { display: false, min: 0, max: 2 * (count + 1) },
    y: {
      beginAtZero: true,
      ...themedScale(colors, { title: { display: true, text: 'Days from cohort start' } }),
    },
  },
  plugins: {
    legend: { labels: { color: colors.text } },
    tooltip: {
      callbacks: { label: (context) => bubbleTooltip(context.raw as BubblePoint) },
    },
    datalabels: {
      display: true,
      anchor: 'end',
      align: -145,
      rotation: 45,
      color: colors.label,
      formatter: (value: BubblePoint) => bubbleLabel(value.projectname),
    },
  },
});

const barOptions = (colors: ChartColors): ChartOptions<'bar'> => ({
  responsive: true,
  maintainAspectRatio: false,
  scales: { x: themedScale(colors), y: { beginAtZero: true, ...themedScale(colors) } },
  plugins: {
    legend: { labels: { color: colors.text } },
    datalabels: { anchor: 'end', align: 'top', color: colors.label },
  },
});

export function BubbleChart({ rows }: { rows: StatsRow[] }) {
  const colors = useChartColors();
  const data = {
    datasets: [
      {
        label: BUBBLE_DATASET_LABEL,
        data: bubblePoints(rows),
        backgroundColor: 'rgba(149, 183, 68, 0.5)',
      },
    ],
  };
  return (
    <Bubble
      data={data}
      options={bubbleOptions(rows.length, colors)}
      plugins={[ChartDataLabels]}
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
