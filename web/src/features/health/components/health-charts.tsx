// The health page's two charts, in a chunk of their own (Chart.js is loaded only here and on
// the course charts). Each draws the series of model/chart-data.ts; its text alternative is the
// summary given as its label and the table beside it.
import type { BookLoad, CohortProgress } from '@lp/contract/health';
import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartOptions,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import { type ChartColors, themedScale, useChartColors } from '@/ui/chart-colors.ts';
import {
  bookAt,
  bookLoadSummary,
  bookSeries,
  EARLIER_COHORTS,
  progressSeries,
  progressSummary,
  THIS_COHORT,
} from '../model/chart-data.ts';

ChartJS.register(
  CategoryScale,
  LinearScale,
  BarElement,
  LineElement,
  PointElement,
  Tooltip,
  Legend,
);

const barOptions = (colors: ChartColors): ChartOptions<'bar'> => ({
  responsive: true,
  maintainAspectRatio: false,
  scales: {
    x: themedScale(colors),
    y: {
      beginAtZero: true,
      ...themedScale(colors, {
        ticks: { precision: 0 },
        title: { display: true, text: 'Learners' },
      }),
    },
  },
  plugins: { legend: { display: false } },
});

export function BookLoadChart({ books }: { books: readonly BookLoad[] }) {
  const colors = useChartColors();
  const series = bookSeries(books);
  const data = {
    labels: series.labels,
    datasets: [
      {
        label: 'Learners today',
        data: series.values,
        backgroundColor: 'rgba(62, 99, 221, 0.55)',
        borderColor: 'rgb(62, 99, 221)',
        borderWidth: 1,
      },
    ],
  };
  return (
    <Bar
      data={data}
      options={barOptions(colors)}
      role="img"
      aria-label={`Learners per book today, bar chart. ${bookLoadSummary(books)}`}
    />
  );
}

const lineOptions = (progress: CohortProgress, colors: ChartColors): ChartOptions<'line'> => ({
  responsive: true,
  maintainAspectRatio: false,
  spanGaps: false,
  scales: {
    x: themedScale(colors, { title: { display: true, text: 'Weeks since the cohort started' } }),
    y: {
      min: progress.books.length > 0 ? 1 : undefined,
      max: progress.books.length > 0 ? progress.books.length : undefined,
      ...themedScale(colors, {
        ticks: {
          stepSize: 1,
          callback: (value: string | number) => bookAt(progress.books, Number(value)),
        },
        title: { display: true, text: 'Average book' },
      }),
    },
  },
  plugins: {
    legend: { labels: { color: colors.text } },
    tooltip: {
      callbacks: {
        label: (context) =>
          `${context.dataset.label}: book ${Number(context.raw).toFixed(2)} (${bookAt(progress.books, Math.round(Number(context.raw)))})`,
      },
    },
  },
});

export function ProgressChart({ progress }: { progress: CohortProgress }) {
  const colors = useChartColors();
  const series = progressSeries(progress);
  const data = {
    labels: series.labels,
    datasets: [
      {
        label: THIS_COHORT,
        data: series.cohort,
        borderColor: 'rgb(62, 99, 221)',
        backgroundColor: 'rgb(62, 99, 221)',
        tension: 0.2,
      },
      {
        label: EARLIER_COHORTS,
        data: series.earlier,
        borderColor: 'rgb(120, 120, 120)',
        backgroundColor: 'rgb(120, 120, 120)',
        borderDash: [6, 4],
        tension: 0.2,
      },
    ],
  };
  return (
    <Line
      data={data}
      options={lineOptions(progress, colors)}
      role="img"
      aria-label={`Progress through the books, line chart. ${progressSummary(progress)}`}
    />
  );
}
