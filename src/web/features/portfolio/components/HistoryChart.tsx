import { CategoryScale, Chart as ChartJS, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { formatMoney } from '../../../../core/money';
import { areaColors } from '../../../lib/area-colors';
import type { AreaSeries } from './History';

ChartJS.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Legend, Tooltip);

const axisDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export default function HistoryChart({ labels, series, summary }: { labels: string[]; series: AreaSeries[]; summary: string }) {
  const data = {
    labels,
    datasets: series.map((s) => ({
      label: s.label,
      data: s.cents.map((c) => c / 100),
      borderColor: areaColors[s.area],
      backgroundColor: areaColors[s.area],
      borderWidth: 2.5,
      pointRadius: 3,
      // Monotone curves never overshoot: a month's line stays between its two values.
      cubicInterpolationMode: 'monotone' as const,
    })),
  };
  return (
    <Line
      data={data}
      role="img"
      aria-label={summary}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 300 },
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: { position: 'bottom', labels: { usePointStyle: true, boxHeight: 8, color: '#334155' } },
          tooltip: { callbacks: { label: (ctx) => `${ctx.dataset.label ?? ''}: ${formatMoney(series[ctx.datasetIndex]?.cents[ctx.dataIndex] ?? 0)}` } },
        },
        scales: {
          x: { grid: { display: false }, ticks: { color: '#475569' } },
          y: { beginAtZero: true, grid: { color: '#e2e8f0' }, ticks: { color: '#475569', callback: (v) => `$${axisDollars.format(Number(v))}` } },
        },
      }}
    />
  );
}
