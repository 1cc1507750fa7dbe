import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatMoney } from '../../../core/money';
import { ChartTooltip } from './ChartTooltip';
import { labelledPoints, labelStride, linePath, monotonePath, niceTicks, type Point } from './geometry';
import { useSize } from './useSize';

export interface ChartLine {
  key: string;
  label: string;
  color: string;
  /** One value per point, aligned with the labels. */
  cents: number[];
}

export interface LineChartProps {
  /** One per point: the tooltip's title. */
  labels: string[];
  /** The x-axis texts, one per point (default: the labels); some are skipped when they would overlap. */
  ticks?: string[];
  lines: ChartLine[];
  /** The chart in one sentence: its accessible name. */
  summary: string;
  beginAtZero?: boolean;
  /** Monotone curves (never overshooting a value) or straight segments. */
  curve?: 'monotone' | 'straight';
  /** A dot on every value. */
  dots?: boolean;
  /** The area under each line, lightly tinted. */
  fill?: boolean;
  legend?: boolean;
}

/** "$1,200" on an axis of whole dollars; "$2.50" with the cents when a tick has some. */
const axisLabel = (cents: number, wholeDollars: boolean) =>
  wholeDollars ? formatMoney(cents).slice(0, -3) : formatMoney(cents);

// Estimated text widths at 11 px, no layout needed: a digit of the widest common system font
// (DejaVu Sans, 0.64 em), so that labels never overlap or cross the drawing's edge.
const CHAR_PX = 7;
const PAD = { top: 8, right: 16, bottom: 26 };

/**
 * A line chart drawn in SVG: axes, grid, one line per series, a legend, and the figures of the
 * nearest point under the mouse or finger, or of the point chosen with the arrow keys. Drawing costs a few DOM nodes, so it renders with the
 * page (no canvas library, no long task).
 */
export function LineChart({
  labels,
  ticks = labels,
  lines,
  summary,
  beginAtZero = false,
  curve = 'monotone',
  dots = true,
  fill = false,
  legend = true,
}: LineChartProps) {
  const [box, { width, height }] = useSize<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);
  const values = lines.flatMap((l) => l.cents);
  const axis = niceTicks(beginAtZero ? Math.min(0, ...values) : Math.min(...values), Math.max(...values));
  const [low, high] = [axis[0]!, axis[axis.length - 1]!];
  const wholeDollars = axis.every((v) => v % 100 === 0);
  const left = Math.max(...axis.map((v) => axisLabel(v, wholeDollars).length)) * CHAR_PX + 10;
  // The last x label is centred on the last point: room for its right half.
  const right = Math.max(PAD.right, ((ticks[ticks.length - 1]?.length ?? 0) * CHAR_PX) / 2 + 4);
  const plotWidth = Math.max(0, width - left - right);
  const plotHeight = Math.max(0, height - PAD.top - PAD.bottom);
  const count = labels.length;
  const xAt = (i: number) => left + (count > 1 ? (i * plotWidth) / (count - 1) : plotWidth / 2);
  const yAt = (cents: number) => PAD.top + (high === low ? plotHeight : ((high - cents) / (high - low)) * plotHeight);
  const labelled = labelledPoints(
    count,
    labelStride(count, Math.max(...ticks.map((t) => t.length)) * CHAR_PX + 12, plotWidth + 24),
  );
  const path = curve === 'monotone' ? monotonePath : linePath;
  const base = yAt(Math.max(low, Math.min(0, high)));

  const pick = (event: PointerEvent<SVGSVGElement>) => {
    if (count === 0 || plotWidth === 0) return;
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
    const i = count > 1 ? Math.round(((x - left) / plotWidth) * (count - 1)) : 0;
    setActive(Math.max(0, Math.min(count - 1, i)));
  };

  // From the keyboard: focus shows the newest point, arrows (Home, End) move, Escape hides.
  const keys: Record<string, (at: number | null) => number> = {
    ArrowRight: (at) => (at ?? -1) + 1,
    ArrowLeft: (at) => (at ?? count) - 1,
    Home: () => 0,
    End: () => count - 1,
  };
  const onKey = (event: KeyboardEvent<SVGSVGElement>) => {
    if (event.key === 'Escape') return setActive(null);
    const move = keys[event.key];
    if (!move || count === 0) return;
    event.preventDefault();
    setActive((at) => Math.max(0, Math.min(count - 1, move(at))));
  };

  return (
    <div className="flex h-full flex-col">
      <div ref={box} className="relative min-h-0 flex-1">
        {width > 0 && height > 0 && (
          <svg
            width={width}
            height={height}
            role="img"
            aria-label={summary}
            tabIndex={0}
            className="block touch-pan-y select-none rounded"
            onPointerMove={pick}
            onPointerDown={pick}
            onPointerLeave={() => setActive(null)}
            onFocus={() => count > 0 && setActive((at) => at ?? count - 1)}
            onBlur={() => setActive(null)}
            onKeyDown={onKey}
          >
            <g fontSize={11} fill="#475569">
              {axis.map((v) => (
                <g key={v}>
                  <line x1={left} x2={width - right} y1={yAt(v)} y2={yAt(v)} stroke="#e2e8f0" />
                  <text x={left - 8} y={yAt(v)} textAnchor="end" dominantBaseline="middle">
                    {axisLabel(v, wholeDollars)}
                  </text>
                </g>
              ))}
              {ticks.map((tick, i) =>
                labelled.has(i) ? (
                  <text key={`${tick} ${i}`} x={xAt(i)} y={height - 8} textAnchor="middle">
                    {tick}
                  </text>
                ) : null,
              )}
            </g>
            {active !== null && (
              <line
                x1={xAt(active)}
                x2={xAt(active)}
                y1={PAD.top}
                y2={PAD.top + plotHeight}
                stroke="#94a3b8"
                strokeDasharray="4 3"
              />
            )}
            {lines.map((line) => {
              const points: Point[] = line.cents.map((c, i) => ({ x: xAt(i), y: yAt(c) }));
              const d = path(points);
              return (
                <g key={line.key}>
                  {fill && points.length > 1 && (
                    <path
                      d={`${d}L${points[points.length - 1]!.x},${base}L${points[0]!.x},${base}Z`}
                      fill={line.color}
                      fillOpacity={0.12}
                    />
                  )}
                  <path
                    d={d}
                    fill="none"
                    stroke={line.color}
                    strokeWidth={2.5}
                    strokeLinejoin="round"
                    strokeLinecap="round"
                  />
                  {points.map((p, i) =>
                    dots || i === active ? (
                      <circle
                        key={i}
                        cx={p.x}
                        cy={p.y}
                        r={i === active ? 5 : 3}
                        fill={line.color}
                        stroke="#fff"
                        strokeWidth={i === active ? 2 : 0}
                      />
                    ) : null,
                  )}
                </g>
              );
            })}
          </svg>
        )}
        {active !== null && (
          <ChartTooltip
            x={xAt(active)}
            y={PAD.top}
            width={width}
            title={labels[active]}
            rows={lines.map((line) => ({
              color: line.color,
              label: line.label,
              value: formatMoney(line.cents[active] ?? 0),
            }))}
          />
        )}
      </div>
      {legend && (
        <ul aria-hidden="true" className="mt-3 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-slate-700">
          {lines.map((line) => (
            <li key={line.key} className="flex items-center gap-1.5">
              <span className="h-2.5 w-2.5 rounded-full" style={{ backgroundColor: line.color }} />
              {line.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
