import { CategoryScale, Chart as ChartJS, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip, type ChartOptions } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../core/money';
import { categories, categoryColors, type Series } from './chartData';

// Only what a line chart with legend and tooltip needs: the rest of Chart.js stays out of the bundle.
ChartJS.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend, Tooltip);

const axisDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The line chart itself (a lazy chunk): canvas as an image with a summary, plus the data as a table for screen readers. */
export default function HomeChart({ series, summary }: { series: Series; summary: string }) {
  const { t } = useTranslation('content');
  const label = (c: (typeof categories)[number]) => t(`areas.${c}.title`);
  const data = {
    labels: series.labels,
    datasets: categories.map((c) => ({
      label: label(c),
      data: series.values[c].map((cents) => cents / 100),
      borderColor: categoryColors[c],
      backgroundColor: categoryColors[c],
      borderWidth: 2.5,
      pointRadius: 3,
      pointHoverRadius: 5,
      // Monotone curves never overshoot: a month's line stays between its two values.
      cubicInterpolationMode: 'monotone' as const,
    })),
  };
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: { duration: 400 },
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { position: 'bottom', labels: { usePointStyle: true, boxHeight: 8, padding: 16, color: '#334155' } },
      tooltip: { callbacks: { label: (ctx) => `${ctx.dataset.label ?? ''}: ${formatMoney(Math.round((ctx.parsed.y ?? 0) * 100))}` } },
    },
    scales: {
      x: { grid: { display: false }, ticks: { color: '#475569' } },
      y: { grid: { color: '#e2e8f0' }, ticks: { color: '#475569', callback: (v) => `$${axisDollars.format(Number(v))}` } },
    },
  };
  return (
    <>
      <Line data={data} options={options} role="img" aria-label={summary} />
      {/* The wrapper, not the table, is visually hidden: a table is never narrower than its cells and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{t('home.chart.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('home.chart.month')}</th>
              {categories.map((c) => (
                <th key={c} scope="col">
                  {label(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {series.labels.map((month, i) => (
              <tr key={month + i}>
                <th scope="row">{month}</th>
                {categories.map((c) => (
                  <td key={c}>{formatMoney(series.values[c][i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
