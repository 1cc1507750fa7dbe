import { useState, type PointerEvent } from 'react';
import { formatMoney } from '../../../core/money';
import { ChartTooltip } from './ChartTooltip';
import { slicePath } from './geometry';
import { useSize } from './useSize';

export interface PieSlice {
  key: string;
  label: string;
  color: string;
  cents: number;
}

/** A pie in SVG, the first slice from the top, clockwise; the amount of a slice under the pointer. */
export function PieChart({ slices, summary }: { slices: PieSlice[]; summary: string }) {
  const [box, { width, height }] = useSize<HTMLDivElement>();
  const [active, setActive] = useState<{ index: number; x: number; y: number } | null>(null);
  const total = slices.reduce((sum, s) => sum + s.cents, 0);
  const r = Math.max(0, Math.min(width, height) / 2 - 2);
  let start = 0;
  const arcs = slices.map((s) => {
    const end = start + (total > 0 ? s.cents / total : 0);
    const arc = { slice: s, d: slicePath(width / 2, height / 2, r, start, end) };
    start = end;
    return arc;
  });
  const shown = active ? slices[active.index] : undefined;
  const point = (index: number) => (e: PointerEvent<SVGPathElement>) => {
    const rect = e.currentTarget.ownerSVGElement!.getBoundingClientRect();
    setActive({ index, x: e.clientX - rect.left, y: e.clientY - rect.top });
  };
  return (
    <div ref={box} className="relative h-full">
      {width > 0 && height > 0 && total > 0 && (
        <svg
          width={width}
          height={height}
          role="img"
          aria-label={summary}
          className="block touch-pan-y select-none"
          onPointerLeave={() => setActive(null)}
        >
          {arcs.map(({ slice, d }, index) => (
            <path
              key={slice.key}
              d={d}
              fill={slice.color}
              stroke="#fff"
              strokeWidth={2}
              strokeLinejoin="round"
              opacity={active && active.index !== index ? 0.85 : 1}
              onPointerMove={point(index)}
              onPointerDown={point(index)}
            />
          ))}
        </svg>
      )}
      {active && shown && (
        <ChartTooltip
          x={active.x}
          y={Math.max(0, active.y - 20)}
          width={width}
          rows={[{ color: shown.color, label: shown.label, value: formatMoney(shown.cents) }]}
        />
      )}
    </div>
  );
}
