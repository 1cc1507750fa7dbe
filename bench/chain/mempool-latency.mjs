// A payment seen in the mempool reaching the investor's screen (issue 45: within 2 s of the job's
// tick). Starts the built server (npm run build) on a fresh SQLite file with the chain watcher every
// second against a local Esplora-like peer (tests/support/esplora-peer.ts, real signed
// transactions), signs an investor up, opens their realtime stream (/api/events, as the browser
// does) and pays their own address ROUNDS times in the mempool. For each payment it prints, from the
// tick that saw it (the watcher's /mempool/txids read that listed it, timed at the peer):
//   - event: the `deposit.changed` event reaching the client;
//   - screen: the client's read of /api/deposits/chain-payments showing it `seen`, fetched on that
//     event as the page does (the page waits 150 ms more to group a burst of events; not counted).
//   node --import tsx bench/chain/mempool-latency.mjs [--rounds 20] [--port 4810]
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { TestChain } from '../../tests/support/chain.ts';
import { startEsploraPeer } from '../../tests/support/esplora-peer.ts';
import { startServer } from '../lib/server.mjs';
import { makeUser } from '../lib/users.mjs';

const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const option = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = option('rounds', 20);
const PORT = option('port', 4810);
const TARGET_MS = 2000;

const chain = new TestChain('BTC');
const peer = await startEsploraPeer(chain);
// The peer's clock of each /mempool/txids read (the watcher's tick reading the mempool).
const listings = [];
const push = peer.hits.push.bind(peer.hits);
peer.hits.push = (path) => {
  if (path === '/mempool/txids') listings.push({ at: performance.now(), ids: new Set(peer.mempool.keys()) });
  if (peer.hits.length > 10_000) peer.hits.length = 0;
  return push(path);
};

const server = await startServer({
  dialect: 'sqlite',
  port: PORT,
  env: {
    DEPOSIT_XPUB_BTC: ZPUB,
    ESPLORA_URL_BTC: peer.url,
    CONFIRMATIONS_BTC: '2',
    CHAIN_INTERVAL_S: '1',
  },
});
const { base } = server;
try {
  const who = await makeUser(base, null, 0);
  const cookie = who.cookie;
  const addresses = await (await fetch(`${base}/api/deposits/addresses`, { headers: { cookie } })).json();
  const address = addresses.addresses.find((a) => a.coin === 'BTC').address;

  // The realtime stream, read as the browser's EventSource would.
  const events = [];
  const waiters = [];
  const stream = await fetch(`${base}/api/events`, { headers: { cookie, accept: 'text/event-stream' } });
  if (!stream.ok) throw new Error(`/api/events ${stream.status}`);
  (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of stream.body) {
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const type = /^event: (.+)$/m.exec(block)?.[1];
        if (type === 'deposit.changed') {
          const at = performance.now();
          events.push(at);
          for (const w of waiters.splice(0)) w(at);
        }
      }
    }
  })().catch(() => {});
  const nextEvent = () => new Promise((resolve) => waiters.push(resolve));
  // Let the watcher load the new address (its first ticks), then start.
  await new Promise((r) => setTimeout(r, 3000));

  const rows = [];
  for (let round = 0; round < ROUNDS; round++) {
    const tx = chain.pay([[address, 100_000 + round]]);
    const event = nextEvent();
    const paidAt = performance.now();
    peer.mempool.set(tx.txid, tx);
    let eventAt = await Promise.race([event, new Promise((r) => setTimeout(() => r(null), 10_000))]);
    if (eventAt === null) throw new Error(`round ${round}: no deposit.changed within 10 s`);
    // The page refetches on the event; it shows the payment once that read has it as seen.
    let screenAt = null;
    for (let attempt = 0; attempt < 50 && screenAt === null; attempt++) {
      const list = await (await fetch(`${base}/api/deposits/chain-payments`, { headers: { cookie } })).json();
      if (list.payments.some((p) => p.txid === tx.txid && p.state === 'seen')) screenAt = performance.now();
      else eventAt = await nextEvent();
    }
    const tick = listings.find((l) => l.at >= paidAt && l.ids.has(tx.txid));
    if (!tick || screenAt === null) throw new Error(`round ${round}: not seen`);
    const firstEvent = events.find((at) => at >= tick.at) ?? eventAt;
    rows.push({ event: firstEvent - tick.at, screen: screenAt - tick.at, sincePaid: screenAt - paidAt });
    // Out of the mempool into a block, so the next round's payment is the only new one.
    peer.mempool.delete(tx.txid);
    chain.mine([tx]);
    await new Promise((r) => setTimeout(r, 1500 + (round % 3) * 170));
  }

  const pct = (values, p) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  };
  const ms = (v) => `${v.toFixed(0)} ms`;
  for (const key of ['event', 'screen', 'sincePaid']) {
    const values = rows.map((r) => r[key]);
    console.log(
      `${key === 'event' ? 'tick → deposit.changed at the client' : key === 'screen' ? 'tick → /api/deposits/chain-payments shows it seen' : 'payment in the mempool → shown (includes the wait for the next tick)'}: median ${ms(pct(values, 50))}, p95 ${ms(pct(values, 95))}, worst ${ms(Math.max(...values))} (${values.length} payments)`,
    );
  }
  const worst = Math.max(...rows.map((r) => r.screen));
  console.log(
    `target: within ${TARGET_MS} ms of the tick: ${worst <= TARGET_MS ? 'met' : 'not met'} (load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
} finally {
  await server.stop();
  await peer.close();
}
