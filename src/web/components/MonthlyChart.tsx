import { formatMoney } from '../../core/money';
import { LineChart, type ChartLine } from './charts/LineChart';

export interface MonthlyChartProps {
  /** Month labels in the current language. */
  labels: string[];
  lines: ChartLine[];
  /** What the chart shows, in one sentence (its accessible name). */
  summary: string;
  /** The screen-reader table's caption and first column heading. */
  caption: string;
  monthHeading: string;
  beginAtZero?: boolean;
}

/**
 * A line per investment area over months (the home page and the portfolio): the drawing is an
 * image named by its summary, and the same figures are a table for screen readers.
 */
export default function MonthlyChart({
  labels,
  lines,
  summary,
  caption,
  monthHeading,
  beginAtZero = false,
}: MonthlyChartProps) {
  return (
    <>
      <LineChart labels={labels} lines={lines} summary={summary} beginAtZero={beginAtZero} />
      {/* The wrapper, not the table, is visually hidden: a table is never narrower than its cells and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{monthHeading}</th>
              {lines.map((line) => (
                <th key={line.key} scope="col">
                  {line.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((month, i) => (
              <tr key={`${month} ${i}`}>
                <th scope="row">{month}</th>
                {lines.map((line) => (
                  <td key={line.key}>{formatMoney(line.cents[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
