// Generates the marketing illustrations under src/web/public/img/ as small, self-contained SVG
// files (no external host, no fonts, a few KB each). Run: node scripts/illustrations.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const out = path.resolve('src/web/public/img');
const W = 480;
const H = 320;

const palettes = {
  crypto: { a: '#1f2a5c', b: '#0b1b3a', accent: '#f5b300', soft: '#f7c948', line: '#fde68a' },
  trading: { a: '#3b0d1d', b: '#0b1b3a', accent: '#f43f5e', soft: '#fb7185', line: '#fecdd3' },
  stocks: { a: '#0c2d5e', b: '#0b1b3a', accent: '#3a8bfd', soft: '#7cb4ff', line: '#dbeafe' },
  realEstate: { a: '#064e3b', b: '#0b1b3a', accent: '#10b981', soft: '#6ee7b7', line: '#d1fae5' },
  brand: { a: '#1f3591', b: '#0b1b3a', accent: '#f5b300', soft: '#7c9cff', line: '#dbe5ff' },
};

function rng(seed) {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

const frame = (p, id, body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" role="img">
<defs><linearGradient id="${id}g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.a}"/><stop offset="1" stop-color="${p.b}"/></linearGradient>
<radialGradient id="${id}r" cx=".8" cy=".2" r=".6"><stop offset="0" stop-color="${p.accent}" stop-opacity=".35"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="url(#${id}g)"/><rect width="${W}" height="${H}" fill="url(#${id}r)"/>
<g stroke="#fff" stroke-opacity=".06">${Array.from({ length: 7 }, (_, i) => `<path d="M0 ${40 + i * 44}H${W}"/>`).join('')}</g>
${body}</svg>
`;

const coin = (p, x, y, r, label) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${p.accent}"/><circle cx="${x}" cy="${y}" r="${r * 0.78}" fill="none" stroke="${p.b}" stroke-opacity=".35" stroke-width="${r * 0.08}"/>` +
  (label === 'btc'
    ? `<path d="M${x - r * 0.25} ${y - r * 0.42}v${r * 0.84}M${x - r * 0.38} ${y - r * 0.32}h${r * 0.45}a${r * 0.2} ${r * 0.2} 0 0 1 0 ${r * 0.32}h-${r * 0.45}h${r * 0.5}a${r * 0.21} ${r * 0.21} 0 0 1 0 ${r * 0.42}h-${r * 0.5}" fill="none" stroke="${p.b}" stroke-width="${r * 0.12}" stroke-linejoin="round"/>`
    : label === 'eth'
      ? `<path d="M${x} ${y - r * 0.5}l${r * 0.3} ${r * 0.5}-${r * 0.3} ${r * 0.18}-${r * 0.3}-${r * 0.18}zM${x - r * 0.3} ${y + r * 0.08}l${r * 0.3} ${r * 0.42} ${r * 0.3}-${r * 0.42}-${r * 0.3} ${r * 0.18}z" fill="${p.b}"/>`
      : `<text x="${x}" y="${y + r * 0.36}" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${r * 1.05}" text-anchor="middle" fill="${p.b}">$</text>`);

function curve(points, p, { fill = true, width = 4, base = H } = {}) {
  const d = points.map(([x, y], i) => `${i ? 'L' : 'M'}${x} ${y}`).join('');
  const last = points[points.length - 1];
  return (
    (fill ? `<path d="${d}L${last[0]} ${base}L${points[0][0]} ${base}Z" fill="${p.accent}" fill-opacity=".18"/>` : '') +
    `<path d="${d}" fill="none" stroke="${p.soft}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<circle cx="${last[0]}" cy="${last[1]}" r="${width + 3}" fill="${p.accent}" stroke="#fff" stroke-width="2"/>`
  );
}

function trend(seed, n, x0, x1, yStart, yEnd, jitter) {
  const r = rng(seed);
  return Array.from({ length: n }, (_, i) => {
    const t = i / (n - 1);
    return [Math.round(x0 + t * (x1 - x0)), Math.round(yStart + t * (yEnd - yStart) + (r() - 0.5) * jitter)];
  });
}

function candles(p, seed, x0, n, base, step) {
  const r = rng(seed);
  let y = base;
  let s = '';
  for (let i = 0; i < n; i++) {
    const up = r() > 0.35;
    const h = 14 + r() * 30;
    const top = up ? y - h : y;
    const x = x0 + i * step;
    s += `<path d="M${x + 7} ${top - 8 - r() * 10}V${top + h + 8 + r() * 10}" stroke="${up ? '#34d399' : '#fb7185'}" stroke-width="2"/><rect x="${x}" y="${top}" width="14" height="${h}" rx="2" fill="${up ? '#10b981' : '#f43f5e'}"/>`;
    y = up ? y - h * 0.6 : y + h * 0.5;
  }
  return s;
}

const bars = (p, x0, base, heights, w = 26, gap = 14) =>
  heights
    .map(
      (h, i) =>
        `<rect x="${x0 + i * (w + gap)}" y="${base - h}" width="${w}" height="${h}" rx="4" fill="${i === heights.length - 1 ? p.accent : p.soft}" fill-opacity="${0.45 + (i / heights.length) * 0.55}"/>`,
    )
    .join('');

const building = (p, x, w, h, floors = 6) =>
  `<rect x="${x}" y="${H - 40 - h}" width="${w}" height="${h}" rx="3" fill="${p.a}" stroke="${p.soft}" stroke-opacity=".5"/>` +
  Array.from({ length: floors }, (_, f) =>
    Array.from(
      { length: Math.max(1, Math.floor((w - 12) / 16)) },
      (_, c) =>
        `<rect x="${x + 8 + c * 16}" y="${H - 40 - h + 12 + f * (h / floors)}" width="8" height="${Math.min(10, h / floors - 6)}" fill="${(f + c) % 3 ? p.line : p.accent}" fill-opacity="${(f + c) % 3 ? 0.35 : 0.9}"/>`,
    ).join(''),
  ).join('');

const house = (p, x, y, s) =>
  `<path d="M${x} ${y}l${s} -${s * 0.8} ${s} ${s * 0.8}z" fill="${p.accent}"/><rect x="${x + s * 0.2}" y="${y}" width="${s * 1.6}" height="${s * 1.1}" fill="${p.line}"/><rect x="${x + s * 0.85}" y="${y + s * 0.45}" width="${s * 0.3}" height="${s * 0.65}" fill="${p.a}"/><rect x="${x + s * 0.35}" y="${y + s * 0.2}" width="${s * 0.3}" height="${s * 0.3}" fill="${p.soft}"/><rect x="${x + s * 1.35}" y="${y + s * 0.2}" width="${s * 0.3}" height="${s * 0.3}" fill="${p.soft}"/>`;

const ground = (p) =>
  `<path d="M0 ${H - 40}H${W}V${H}H0Z" fill="${p.b}" fill-opacity=".8"/><path d="M0 ${H - 40}H${W}" stroke="${p.soft}" stroke-opacity=".4"/>`;

const shield = (p, x, y, s) =>
  `<path d="M${x} ${y}l${s} ${s * 0.35}v${s * 0.6}c0 ${s * 0.6}-${s * 0.45} ${s * 0.95}-${s} ${s * 1.15}c-${s * 0.55}-${s * 0.2}-${s}-${s * 0.55}-${s}-${s * 1.15}v-${s * 0.6}z" fill="${p.accent}"/><path d="M${x - s * 0.35} ${y + s * 0.9}l${s * 0.25} ${s * 0.25} ${s * 0.5}-${s * 0.5}" fill="none" stroke="${p.b}" stroke-width="${s * 0.14}" stroke-linecap="round" stroke-linejoin="round"/>`;

const panel = (x, y, w, h) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="14" fill="#fff" fill-opacity=".07" stroke="#fff" stroke-opacity=".18"/>`;

const globe = (p, x, y, r) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${p.a}" stroke="${p.soft}" stroke-width="3"/><ellipse cx="${x}" cy="${y}" rx="${r * 0.45}" ry="${r}" fill="none" stroke="${p.soft}" stroke-opacity=".6" stroke-width="2"/><path d="M${x - r} ${y}H${x + r}M${x - r * 0.87} ${y - r * 0.5}H${x + r * 0.87}M${x - r * 0.87} ${y + r * 0.5}H${x + r * 0.87}" stroke="${p.soft}" stroke-opacity=".6" stroke-width="2"/>`;

const chain = (p) =>
  [0, 1, 2, 3]
    .map(
      (i) =>
        `<rect x="${60 + i * 100}" y="${120 + (i % 2) * 30}" width="70" height="70" rx="12" fill="${i === 3 ? p.accent : p.a}" stroke="${p.soft}" stroke-width="3"/><path d="M${75 + i * 100} ${145 + (i % 2) * 30}h40M${75 + i * 100} ${160 + (i % 2) * 30}h26" stroke="${i === 3 ? p.b : p.line}" stroke-opacity=".8" stroke-width="5" stroke-linecap="round"/>${i < 3 ? `<path d="M${130 + i * 100} ${155 + (i % 2) * 30}L${160 + i * 100} ${155 + ((i + 1) % 2) * 30}" stroke="${p.soft}" stroke-width="4" stroke-dasharray="6 5"/>` : ''}`,
    )
    .join('');

const P = palettes;
const images = {
  'home-hero': frame(
    P.brand,
    'hh',
    panel(40, 40, 400, 240) +
      bars(P.brand, 70, 250, [50, 80, 70, 110, 130, 170], 30, 22) +
      curve(trend(3, 7, 70, 400, 210, 80, 30), P.brand, { base: 280 }) +
      coin(P.crypto, 400, 80, 30, 'btc') +
      coin(P.stocks, 345, 60, 18, '$'),
  ),
  'about-hero': frame(
    P.brand,
    'ah',
    panel(40, 40, 250, 240) +
      curve(trend(5, 6, 60, 270, 230, 110, 30), P.brand, { width: 3, base: 280 }) +
      panel(310, 40, 130, 110) +
      shield(P.brand, 375, 62, 40) +
      panel(310, 170, 130, 110) +
      coin(P.crypto, 350, 225, 24, 'btc') +
      coin(P.realEstate, 400, 225, 24, '$'),
  ),
  'crypto-hero': frame(
    P.crypto,
    'ch',
    curve(trend(7, 10, 20, 460, 240, 90, 50), P.crypto) +
      coin(P.crypto, 170, 120, 52, 'btc') +
      coin(P.crypto, 300, 90, 38, 'eth') +
      coin(P.crypto, 380, 170, 26, '$'),
  ),
  'crypto-market': frame(
    P.crypto,
    'cm',
    globe(P.crypto, 240, 160, 90) +
      coin(P.crypto, 120, 90, 26, 'btc') +
      coin(P.crypto, 370, 230, 26, 'eth') +
      coin(P.crypto, 370, 90, 18, '$'),
  ),
  'crypto-blockchain': frame(P.crypto, 'cb', chain(P.crypto)),
  'crypto-valuation': frame(
    P.crypto,
    'cv',
    panel(40, 40, 400, 240) +
      curve(trend(11, 12, 60, 420, 240, 100, 60), P.crypto, { base: 280 }) +
      coin(P.crypto, 100, 90, 28, 'btc'),
  ),
  'trading-hero': frame(
    P.trading,
    'th',
    panel(30, 30, 420, 260) +
      candles(P.trading, 13, 60, 14, 230, 27) +
      curve(trend(13, 8, 60, 430, 230, 90, 20), P.trading, { fill: false, width: 3 }),
  ),
  'trading-analysis': frame(
    P.trading,
    'ta',
    panel(40, 40, 400, 240) +
      curve(trend(17, 10, 60, 420, 200, 110, 50), P.trading, { fill: false, width: 3 }) +
      curve(
        trend(19, 10, 60, 420, 220, 150, 30),
        { ...P.trading, soft: P.stocks.soft, accent: P.stocks.accent },
        { fill: false, width: 2 },
      ) +
      bars(P.trading, 60, 270, [20, 34, 16, 28, 40, 22, 30, 44, 26], 24, 16),
  ),
  'trading-strategies': frame(P.trading, 'ts', candles(P.trading, 23, 50, 14, 220, 28)),
  'trading-risk': frame(
    P.trading,
    'tr',
    curve(trend(29, 9, 20, 460, 250, 150, 60), P.trading) + shield(P.trading, 240, 70, 80),
  ),
  'stocks-hero': frame(
    P.stocks,
    'sh',
    bars(P.stocks, 50, 280, [60, 90, 80, 120, 140, 170, 200, 230], 32, 20) +
      curve(trend(31, 8, 66, 430, 200, 50, 20), P.stocks, { fill: false }),
  ),
  'stocks-companies': frame(
    P.stocks,
    'sc',
    building(P.stocks, 60, 90, 170, 7) +
      building(P.stocks, 170, 120, 230, 9) +
      building(P.stocks, 310, 100, 140, 5) +
      ground(P.stocks),
  ),
  'stocks-dividends': frame(
    P.stocks,
    'sd',
    [0, 1, 2, 3]
      .map((c) =>
        Array.from(
          { length: c + 2 },
          (_, i) =>
            `<ellipse cx="${110 + c * 90}" cy="${260 - i * 22}" rx="34" ry="11" fill="${P.crypto.accent}" stroke="${P.stocks.b}" stroke-opacity=".4" stroke-width="2"/>`,
        ).join(''),
      )
      .join('') + curve(trend(37, 4, 110, 380, 180, 70, 0), P.stocks, { fill: false, width: 3 }),
  ),
  'stocks-long-term': frame(
    P.stocks,
    'sl',
    panel(40, 40, 400, 240) +
      curve(trend(41, 16, 60, 420, 250, 80, 40), P.stocks, { base: 260 }) +
      Array.from(
        { length: 5 },
        (_, i) => `<path d="M${60 + i * 90} 262v12" stroke="#fff" stroke-opacity=".4" stroke-width="2"/>`,
      ).join(''),
  ),
  'real-estate-hero': frame(
    P.realEstate,
    'rh',
    `<circle cx="390" cy="80" r="34" fill="${P.crypto.soft}"/>` +
      building(P.realEstate, 40, 90, 160, 6) +
      building(P.realEstate, 150, 110, 210, 8) +
      house(P.realEstate, 300, 200, 60) +
      ground(P.realEstate),
  ),
  'real-estate-residential': frame(
    P.realEstate,
    'rr',
    `<circle cx="100" cy="80" r="30" fill="${P.crypto.soft}"/>` +
      house(P.realEstate, 150, 170, 90) +
      ground(P.realEstate),
  ),
  'real-estate-commercial': frame(P.realEstate, 'rc', building(P.realEstate, 150, 180, 240, 9) + ground(P.realEstate)),
  'real-estate-land': frame(
    P.realEstate,
    'rl',
    `<circle cx="380" cy="80" r="30" fill="${P.crypto.soft}"/><path d="M0 220Q120 140 240 210T480 190V${H}H0Z" fill="${P.realEstate.accent}" fill-opacity=".55"/><path d="M0 250Q160 200 300 245T480 235V${H}H0Z" fill="${P.realEstate.accent}"/><path d="M180 262h120l-20 30H160z" fill="none" stroke="#fff" stroke-width="3" stroke-dasharray="8 6"/><path d="M240 262v-40" stroke="#fff" stroke-width="3"/><path d="M240 222h26l-6 8 6 8h-26" fill="${P.crypto.accent}"/>`,
  ),
};

mkdirSync(out, { recursive: true });
let total = 0;
for (const [name, svg] of Object.entries(images)) {
  const text = svg.replace(/\n/g, '');
  writeFileSync(path.join(out, `${name}.svg`), text);
  total += text.length;
}
console.log(`${Object.keys(images).length} illustrations, ${(total / 1024).toFixed(1)} KB in ${out}`);
