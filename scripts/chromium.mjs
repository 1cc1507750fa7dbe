// Debian's Chromium as the scripts and benches launch it on these machines (no sandbox, no GPU, no
// QUIC, nothing fetched in the background). The browser journeys keep the same list in
// playwright.config.ts.
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
