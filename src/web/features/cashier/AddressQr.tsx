import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * The address as a QR code, drawn here as one SVG path: nothing is fetched and no inline style is
 * written (the CSP allows neither). Medium error correction, and the quiet zone of four modules
 * that phone cameras need.
 */
export function AddressQr({ address, label }: { address: string; label: string }) {
  const { size, d } = useMemo(() => {
    const qr = encode(address, { ecc: 'M', border: 4 });
    let path = '';
    qr.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) path += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { size: qr.size, d: path };
  }, [address]);
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      className="h-40 w-40 shrink-0 rounded-md border border-slate-200 bg-white"
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <path d={d} fill="#0f172a" />
    </svg>
  );
}
