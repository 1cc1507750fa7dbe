import { createHash } from 'node:crypto';

/**
 * The TradingView widgets document (spec §2 Charts), framed by /charts. It is the only document
 * that runs a third-party script, so it runs in a box: the `sandbox` directive of its own policy
 * (and the frame's sandbox attribute) gives it an opaque origin, so the provider's code can
 * neither send our cookies nor read our API, our storage or the page that frames it; its policy
 * lets it reach TradingView's hosts and nothing else. It tells the page that frames it whether
 * the widgets loaded, so that page can show our own BTC chart instead of an empty frame.
 */

const SCRIPT_HOST = 'https://s3.tradingview.com';
/** Where the widget scripts point their iframes (older and newer embeds). */
const FRAME_HOSTS = ['https://www.tradingview-widget.com', 'https://s.tradingview.com'];
/** Sandbox flags, also on the frame's attribute: scripts and the widgets' "open on TradingView" links; never allow-same-origin. */
export const EMBED_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';

const symbol = (ticker: string, displayName: string) => ({ name: `BINANCE:${ticker}USDT`, displayName });

/** English names and the "en" locale give the spec's format: $ prefix, comma thousands, M/D/Y, 12-hour clock. */
export const widgets = [
  {
    id: 'chart',
    height: 520,
    script: 'embed-widget-advanced-chart.js',
    config: {
      autosize: true,
      symbol: 'BINANCE:BTCUSDT',
      interval: 'D',
      timezone: 'Etc/UTC',
      theme: 'light',
      style: '1',
      locale: 'en',
      allow_symbol_change: false,
      calendar: false,
      support_host: 'https://www.tradingview.com',
    },
  },
  {
    id: 'top',
    height: 420,
    script: 'embed-widget-market-quotes.js',
    config: {
      width: '100%',
      height: '100%',
      symbolsGroups: [
        {
          name: 'Top cryptos',
          symbols: [
            symbol('BTC', 'Bitcoin'),
            symbol('ETH', 'Ethereum'),
            symbol('BNB', 'BNB'),
            symbol('SOL', 'Solana'),
            symbol('XRP', 'XRP'),
            symbol('ADA', 'Cardano'),
          ],
        },
      ],
      showSymbolLogo: true,
      colorTheme: 'light',
      isTransparent: false,
      locale: 'en',
    },
  },
  {
    id: 'overview',
    height: 520,
    script: 'embed-widget-screener.js',
    config: {
      width: '100%',
      height: '100%',
      defaultColumn: 'overview',
      screener_type: 'crypto_mkt',
      displayCurrency: 'USD',
      colorTheme: 'light',
      isTransparent: false,
      locale: 'en',
    },
  },
] as const;

const GAP = 16;
export const embedHeight = widgets.reduce((sum, w) => sum + w.height + GAP, 0);

/** Loads each widget script with its configuration; reports 'ready' when all loaded, 'failed' on any error or after a timeout. */
export const embedScript = `(function () {
  var widgets = ${JSON.stringify(widgets.map((w) => ({ id: w.id, src: `${SCRIPT_HOST}/external-embedding/${w.script}`, config: w.config })))};
  var height = ${embedHeight};
  var done = false;
  var loaded = 0;
  // The sandboxed document has no origin to name as the target; the message carries nothing secret.
  function report(status) {
    if (done) return;
    done = true;
    if (window.parent !== window) window.parent.postMessage({ type: 'atlas-charts', status: status, height: height }, '*');
  }
  setTimeout(function () { report('failed'); }, 8000);
  widgets.forEach(function (w) {
    var box = document.getElementById(w.id);
    var s = document.createElement('script');
    s.src = w.src;
    s.async = true;
    s.text = JSON.stringify(w.config);
    s.onload = function () { loaded += 1; if (loaded === widgets.length) report('ready'); };
    s.onerror = function () { report('failed'); };
    box.appendChild(s);
  });
})();
`;

export const embedHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>TradingView</title>
<style>html,body{margin:0;padding:0;background:#fff;font-family:system-ui,sans-serif}.w{margin:0 0 ${GAP}px}</style>
</head>
<body>
${widgets.map((w) => `<div class="w tradingview-widget-container" id="${w.id}" style="height:${w.height}px"><div class="tradingview-widget-container__widget" style="height:100%"></div></div>`).join('\n')}
<script>${embedScript}</script>
</body>
</html>
`;

const scriptHash = createHash('sha256').update(embedScript).digest('base64');

/** The embed's whole policy: its one inline script (by hash), TradingView's hosts, nothing of ours. */
export const embedCsp = [
  "default-src 'none'",
  `sandbox ${EMBED_SANDBOX}`,
  `script-src 'sha256-${scriptHash}' ${SCRIPT_HOST}`,
  `frame-src ${FRAME_HOSTS.join(' ')}`,
  // The widget scripts size their iframes with style attributes.
  "style-src 'unsafe-inline'",
  `img-src data: ${SCRIPT_HOST}`,
  `connect-src ${SCRIPT_HOST}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');
