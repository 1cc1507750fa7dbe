import { withColon } from '../../lib/format';

export interface TooltipRow {
  color: string;
  label: string;
  value: string;
}

/**
 * The figures under the pointer. Hidden from screen readers: the chart's text alternative and
 * its table already carry every figure.
 */
export function ChartTooltip({
  x,
  y,
  width,
  title,
  rows,
}: {
  x: number;
  y: number;
  width: number;
  title?: string;
  rows: TooltipRow[];
}) {
  // On the pointer's right, or on its left past the middle, so that it stays inside the chart.
  const onRight = x < width / 2;
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute z-10 rounded-lg bg-slate-900/90 px-3 py-2 text-xs text-white shadow-lg"
      style={{ top: y, ...(onRight ? { left: x + 12 } : { right: width - x + 12 }) }}
    >
      {title && <p className="mb-1 font-semibold">{title}</p>}
      <ul className="space-y-0.5">
        {rows.map((row) => (
          <li key={row.label} className="flex items-center gap-2 whitespace-nowrap">
            <span
              className="h-2.5 w-2.5 shrink-0 rounded-full border border-white/60"
              style={{ backgroundColor: row.color }}
            />
            <span>
              {withColon(row.label)} <span className="font-semibold tabular-nums">{row.value}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
