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

/** Lighthouse's benchmarkIndex of this machine now, in a fresh page of `context` (a Playwright browser context). */
export async function benchmarkIndex(context) {
  const page = await context.newPage();
  try {
    return await benchmarkIndexIn(page);
  } finally {
    await page.close();
  }
}

/**
 * The slowdown that makes this machine, at `index`, run like the reference device (decision 029):
 * clamp(index / reference, 1, 20), rounded to 0.01; reference 0 = Lighthouse's fixed 4×.
 */
export const slowdownFor = (index, reference) =>
  reference > 0
    ? Math.min(20, Math.max(1, Math.round((index / reference) * 100) / 100))
    : throttling.mobileSlow4G.cpuSlowdownMultiplier;
