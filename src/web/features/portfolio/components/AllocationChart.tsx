import { ArcElement, Chart as ChartJS, PieController, Tooltip } from 'chart.js';
import { Pie } from 'react-chartjs-2';
import { formatMoney } from '../../../../core/money';
import { areaColors } from '../../../lib/area-colors';
import type { Slice } from './Allocation';

// A pie with tooltips only: the legend is ours, in HTML, with the amounts.
ChartJS.register(PieController, ArcElement, Tooltip);

/** The canvas (a lazy chunk): an image whose text alternative lists every slice. */
export default function AllocationChart({ slices, summary }: { slices: Slice[]; summary: string }) {
  const data = {
    labels: slices.map((s) => s.label),
    datasets: [
      {
        data: slices.map((s) => s.cents / 100),
        backgroundColor: slices.map((s) => areaColors[s.area]),
        borderColor: '#ffffff',
        borderWidth: 2,
      },
    ],
  };
  return (
    <Pie
      data={data}
      role="img"
      aria-label={summary}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 300 },
        // Another chart may have registered Chart.js's Legend globally: this one never shows it.
        plugins: { legend: { display: false }, tooltip: { callbacks: { label: (ctx) => `${ctx.label}: ${formatMoney(slices[ctx.dataIndex]?.cents ?? 0)}` } } },
      }}
    />
  );
}
