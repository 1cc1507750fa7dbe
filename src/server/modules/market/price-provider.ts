import { parseRate, type RateMicros } from '../../../core/coins';
import { parsePriceCents } from './price-parse';

export class PriceFetchError extends Error {
  constructor(readonly reason: 'timeout' | 'network' | 'status' | 'body' | 'pair') {
    super(`price provider: ${reason}`);
    this.name = 'PriceFetchError';
  }
}

export interface ProviderPrice {
  cents: number;
  /** The same price exact to the micro-dollar (decision 056). */
  micros: RateMicros;
}

/**
 * One request to a Coinbase-shaped endpoint (`{ data: { amount: "65000.12", base: "BTC", currency: "USD" } }`).
 * An answer naming another pair than `base`-USD is refused: a feed pointed at the wrong coin's URL
 * must not price this one (decision 056). Feeds that name no pair are read as before.
 */
export async function fetchPrice(url: string, timeoutMs: number, base: string): Promise<ProviderPrice> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  } catch (err) {
    const name = (err as { name?: string }).name;
    throw new PriceFetchError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network');
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    throw new PriceFetchError('status');
  }
  let body: unknown;
  try {
    // The timeout signal also covers a body that trickles in.
    body = JSON.parse(await response.text());
  } catch (err) {
    const name = (err as { name?: string }).name;
    throw new PriceFetchError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'body');
  }
  const data = (body as { data?: { amount?: unknown; base?: unknown; currency?: unknown } } | null)?.data;
  if (data?.base !== undefined && data.base !== base) throw new PriceFetchError('pair');
  if (data?.currency !== undefined && data.currency !== 'USD') throw new PriceFetchError('pair');
  const cents = parsePriceCents(data?.amount);
  const micros = parseRate(data?.amount);
  if (cents === null || micros === null) throw new PriceFetchError('body');
  return { cents, micros };
}
