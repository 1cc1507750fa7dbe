import { CategoryScale, Chart as ChartJS, Filler, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { formatMoney } from '../../../core/money';

ChartJS.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Filler);

const axisDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Our stored BTC-USD snapshots as a line (a lazy chunk); the caller gives the text alternative. */
export default function BtcChart({ labels, ticks, cents, summary }: { labels: string[]; ticks: string[]; cents: number[]; summary: string }) {
  return (
    <Line
      role="img"
      aria-label={summary}
      data={{
        labels,
        datasets: [{ label: 'BTC-USD', data: cents.map((c) => c / 100), borderColor: '#d49b00', backgroundColor: 'rgba(212,155,0,0.12)', fill: true, borderWidth: 2, pointRadius: 0, tension: 0.2 }],
      }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 300 },
        interaction: { mode: 'index', intersect: false },
        plugins: { tooltip: { callbacks: { label: (ctx) => formatMoney(cents[ctx.dataIndex] ?? 0) } } },
        scales: {
          x: { grid: { display: false }, ticks: { color: '#475569', maxTicksLimit: 8, maxRotation: 0, autoSkip: true, autoSkipPadding: 16, callback: (_value, index) => ticks[index] ?? '' } },
          y: { grid: { color: '#e2e8f0' }, ticks: { color: '#475569', callback: (v) => `$${axisDollars.format(Number(v))}` } },
        },
      }}
    />
  );
}
