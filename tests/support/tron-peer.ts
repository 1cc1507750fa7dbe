import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, randomBytes } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';
import type { PeerMode } from './esplora-peer';
import { serveJsonPeer } from './json-peer';

const base58check = createBase58check(sha256);
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** A fresh TRON address (T…): 0x41 and 20 random bytes. */
export function tronAddress(): string {
  return base58check.encode(Uint8Array.from([0x41, ...randomBytes(20)]));
}
const hex21 = (address: string) => bytesToHex(base58check.decode(address));

// ---------- protobuf, as TRON's Transaction.raw is encoded ----------
const varint = (n: bigint | number): number[] => {
  let v = BigInt(n);
  const out: number[] = [];
  do {
    const b = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v > 0n ? b | 0x80 : b);
  } while (v > 0n);
  return out;
};
const num = (no: number, value: bigint | number) => [...varint(no << 3), ...varint(value)];
const bytes = (no: number, value: Uint8Array | number[]) => [
  ...varint((no << 3) | 2),
  ...varint(value.length),
  ...value,
];
const utf8 = (s: string) => [...new TextEncoder().encode(s)];

export interface TronTransferSpec {
  to: string;
  /** The sending address (T…): a fresh one by default. */
  from?: string;
  /** In the token's smallest unit (USDT: 6 decimals). */
  amount: bigint;
  /** The contract called: USDT's by default. */
  contract?: string;
  /** Solidified (in the solidity node's answers): true by default. */
  final?: boolean;
  /** The execution failed (REVERT): no log, result FAILED. */
  failed?: boolean;
  /** A lying provider: the served raw data does not hash to the id. */
  lieHash?: boolean;
  /** A lying provider: the receipt's Transfer log says another amount than the signed call. */
  lieAmount?: bigint;
}

interface Stored {
  tx: Record<string, unknown>;
  info: Record<string, unknown>;
  final: boolean;
}

export interface TronPeer {
  url: string;
  mode: PeerMode;
  slowMs: number;
  hits: string[];
  /** A TRC-20 `transfer(to, amount)` from a fresh address, as TronGrid serves it; its id. */
  transfer(spec: TronTransferSpec): string;
  /** A stored transaction becomes solidified. */
  solidify(txid: string): void;
  close(): Promise<void>;
}

/**
 * A TronGrid-shaped server (the full node's `/wallet/gettransactionbyid` and the solidity node's
 * `/walletsolidity/gettransactioninfobyid`, POST `{ value, visible }`), replaying transactions in
 * the published formats: raw data as protobuf hex hashing to the id, the receipt with its logs.
 * An unknown id (or a not yet solidified one, on the solidity side) answers `{}` as TronGrid does.
 */
export async function startTronPeer(): Promise<TronPeer> {
  const txs = new Map<string, Stored>();
  let block = 68_000_000;
  const peer = { mode: 'ok' as PeerMode, slowMs: 5000, hits: [] as string[] };

  function transfer(spec: TronTransferSpec): string {
    const owner = hex21(spec.from ?? tronAddress());
    const contract = hex21(spec.contract ?? USDT_CONTRACT);
    const to = hex21(spec.to).slice(2);
    const data = `a9059cbb${to.padStart(64, '0')}${spec.amount.toString(16).padStart(64, '0')}`;
    const trigger = [...bytes(1, hexToBytes(owner)), ...bytes(2, hexToBytes(contract)), ...bytes(4, hexToBytes(data))];
    const any = [...bytes(1, utf8('type.googleapis.com/protocol.TriggerSmartContract')), ...bytes(2, trigger)];
    // The chain's time is now: a sending address registered before the transfer precedes its block.
    const now = Date.now();
    const raw = Uint8Array.from([
      ...bytes(1, randomBytes(2)),
      ...bytes(4, randomBytes(8)),
      ...num(8, now + 60_000),
      ...bytes(11, [...num(1, 31), ...bytes(2, any)]),
      ...num(14, now),
      ...num(18, 100_000_000),
    ]);
    const rawHex = bytesToHex(raw);
    const txid = spec.lieHash ? bytesToHex(randomBytes(32)) : bytesToHex(sha256(raw));
    block += 1;
    const tx = {
      ret: [{ contractRet: spec.failed ? 'REVERT' : 'SUCCESS' }],
      signature: [bytesToHex(randomBytes(65))],
      txID: txid,
      raw_data: {
        contract: [
          {
            parameter: {
              value: { data, owner_address: owner, contract_address: contract },
              type_url: 'type.googleapis.com/protocol.TriggerSmartContract',
            },
            type: 'TriggerSmartContract',
          },
        ],
        ref_block_bytes: rawHex.slice(4, 8),
        ref_block_hash: rawHex.slice(12, 28),
        expiration: now + 60_000,
        fee_limit: 100_000_000,
        timestamp: now,
      },
      raw_data_hex: rawHex,
    };
    const logAmount = spec.lieAmount ?? spec.amount;
    const info = {
      id: txid,
      fee: 13_844_850,
      blockNumber: block,
      blockTimeStamp: now + 3000,
      contractResult: [spec.failed ? '' : '0000000000000000000000000000000000000000000000000000000000000001'],
      contract_address: contract,
      receipt: {
        energy_fee: 13_499_850,
        energy_usage_total: 64_285,
        net_fee: 345_000,
        result: spec.failed ? 'REVERT' : 'SUCCESS',
      },
      ...(spec.failed
        ? { result: 'FAILED', resMessage: '5452414e534645525f4641494c4544' }
        : {
            log: [
              {
                address: contract.slice(2),
                topics: [TRANSFER_TOPIC, owner.slice(2).padStart(64, '0'), to.padStart(64, '0')],
                data: logAmount.toString(16).padStart(64, '0'),
              },
            ],
          }),
    };
    txs.set(txid, { tx, info, final: spec.final ?? true });
    return txid;
  }

  const route = (path: string, body: { value?: unknown }): { status: number; body: unknown } => {
    const id = typeof body.value === 'string' ? body.value : '';
    const stored = txs.get(id);
    if (path === '/wallet/gettransactionbyid') return { status: 200, body: stored?.tx ?? {} };
    if (path === '/walletsolidity/gettransactioninfobyid')
      return { status: 200, body: stored?.final ? stored.info : {} };
    return { status: 404, body: { Error: 'not found' } };
  };

  const served = await serveJsonPeer(peer, (path, text) => {
    let body: { value?: unknown } = {};
    try {
      body = JSON.parse(text) as { value?: unknown };
    } catch {
      /* an empty body: TronGrid answers {} */
    }
    return route(path, body);
  });
  return Object.assign(peer, {
    url: served.url,
    transfer,
    solidify: (txid: string) => {
      const s = txs.get(txid);
      if (s) s.final = true;
    },
    close: served.close,
  });
}
