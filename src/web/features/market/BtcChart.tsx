import { LineChart } from '../../components/charts/LineChart';

/** Our stored BTC-USD snapshots as a line (a lazy chunk); the caller gives the text alternative. */
export default function BtcChart({
  labels,
  ticks,
  cents,
  summary,
}: {
  labels: string[];
  ticks: string[];
  cents: number[];
  summary: string;
}) {
  return (
    <LineChart
      labels={labels}
      ticks={ticks}
      lines={[{ key: 'btc', label: 'BTC-USD', color: '#d49b00', cents }]}
      summary={summary}
      dots={false}
      fill
      legend={false}
    />
  );
}
