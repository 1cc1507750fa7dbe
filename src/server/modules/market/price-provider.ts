import { parsePriceCents } from './price-parse';

export class PriceFetchError extends Error {
  constructor(readonly reason: 'timeout' | 'network' | 'status' | 'body') {
    super(`price provider: ${reason}`);
    this.name = 'PriceFetchError';
  }
}

/** One request to a Coinbase-shaped endpoint (`{ data: { amount: "65000.12" } }`), in cents. */
export async function fetchPriceCents(url: string, timeoutMs: number): Promise<number> {
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
  const amount = (body as { data?: { amount?: unknown } } | null)?.data?.amount;
  const cents = parsePriceCents(amount);
  if (cents === null) throw new PriceFetchError('body');
  return cents;
}
