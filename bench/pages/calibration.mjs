// The calibrated CPU speed of decision 029, shared by the page benches (run.mjs: Lighthouse;
// inp.mjs: interactions): the machine's benchmarkIndex measured now in the same Chrome, and the
// slowdown that makes it run like the reference device.
import { throttling } from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/** Lighthouse's benchmarkIndex in this page now (mean of two, about 2 s). A CPU-throttled page gives the emulated index. */
export async function benchmarkIndexIn(page) {
  let sum = 0;
  for (let i = 0; i < 2; i++) sum += await page.evaluate(`(${pageFunctions.computeBenchmarkIndex})()`);
  return sum / 2;
}

/** `measure(page)` in a new page of `context` (a Playwright browser context), closed after. */
async function inNewPage(context, measure) {
  const page = await context.newPage();
  try {
    return await measure(page);
  } finally {
    await page.close();
  }
}

/** Lighthouse's benchmarkIndex of this machine now, in a fresh page of `context`. */
export const benchmarkIndex = (context) => inNewPage(context, benchmarkIndexIn);

/**
 * The slowdown that makes this machine, at `index`, run like the reference device (decision 029):
 * clamp(index / reference, 1, 20), rounded to 0.01; reference 0 = Lighthouse's fixed 4×.
 */
export const slowdownFor = (index, reference) =>
  reference > 0
    ? Math.min(20, Math.max(1, Math.round((index / reference) * 100) / 100))
    : throttling.mobileSlow4G.cpuSlowdownMultiplier;

/**
 * What fresh memory costs this machine now, in µs per 4 KiB page first written (median of three
 * 32 MiB buffers). The benchmarkIndex is a JavaScript loop that reuses its memory, so it does not
 * see this; a page load writes tens of megabytes it never had, and on a virtual machine whose freed
 * memory goes back to the host each first write waits for the host. Lighthouse then multiplies that
 * wait by the slowdown like any other work of the main thread. The time includes the buffer's
 * allocation and the page's coarse clock: an order of magnitude (a few tenths of a µs against
 * tens), not a precise figure.
 */
const freshMemoryCostIn = (page) =>
  page.evaluate(() => {
    const costs = [];
    for (let k = 0; k < 3; k++) {
      const start = performance.now();
      const buffer = new Uint8Array(32 << 20);
      for (let i = 0; i < buffer.length; i += 4096) buffer[i] = 1;
      costs.push(((performance.now() - start) * 1000) / (buffer.length / 4096));
    }
    return costs.sort((a, b) => a - b)[1];
  });

/** The machine now, in one fresh page of `context`: its fresh-memory cost (first, while the page is new), then its benchmarkIndex. */
export const measureMachine = (context) =>
  inNewPage(context, async (page) => ({ memory: await freshMemoryCostIn(page), index: await benchmarkIndexIn(page) }));
