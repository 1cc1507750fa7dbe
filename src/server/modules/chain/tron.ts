/**
 * USDT (TRC-20) payments to the platform's one TRON address, read from a TronGrid-compatible API
 * (decision 060). Nothing it says is taken blindly: the transaction's signed bytes (`raw_data_hex`)
 * must hash to the id asked for, and the transfer (token contract, recipient, amount) is read from
 * those bytes; the execution's receipt must say SUCCESS and carry the matching `Transfer` log; and
 * only the solidity node's answer (`/walletsolidity/…`, which knows solidified transactions only,
 * that is past TRON's finality) makes it final.
 */
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { ProviderError, providerPostJson } from './esplora';

const base58check = createBase58check(sha256);

/** keccak256("Transfer(address,address,uint256)"): the ERC-20/TRC-20 event's topic. */
export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** The first four bytes of keccak256("transfer(address,uint256)"). */
const TRANSFER_SELECTOR = 'a9059cbb';
/** Protocol.Transaction.Contract.ContractType.TriggerSmartContract. */
const TRIGGER_SMART_CONTRACT = 31;
const HEX64 = /^[0-9a-f]{64}$/;

/** One transfer to the platform's address: `index` is the log's place in the receipt. */
export interface TronTransfer {
  index: number;
  amount: bigint;
}

export type TronReading =
  | { kind: 'not_found' }
  | { kind: 'failed' }
  | { kind: 'wrong_destination' }
  | { kind: 'not_final' }
  | {
      kind: 'final';
      block: number;
      /** The block's time (ms), the chain's own. */
      at: number;
      /** The addresses (T…) the transfers to the platform were signed by. */
      senders: string[];
      transfers: TronTransfer[];
    };

/** Refused content: the provider said something the bytes do not back (a lie, or corruption). */
export class TronMismatch extends Error {}

/** A TRON address (T…) → its 21 bytes (0x41 and the 20-byte account), as hex. */
export function tronAddressHex(address: string): string {
  const bytes = base58check.decode(address);
  if (bytes.length !== 21 || bytes[0] !== 0x41) throw new Error(`not a TRON address: ${address}`);
  return bytesToHex(bytes);
}

export function tronAddressOf(hex21: string): string {
  return base58check.encode(hexToBytes(hex21));
}

// ---------- a minimal protobuf reader: only the fields a TRC-20 transfer's raw data needs ----------

type Field = { no: number; wire: number; value: bigint | Uint8Array };

function fields(bytes: Uint8Array): Field[] {
  const out: Field[] = [];
  let i = 0;
  const varint = (): bigint => {
    let v = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (i >= bytes.length || shift > 63n) throw new TronMismatch('raw data: truncated varint');
      const b = bytes[i++]!;
      v |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return v;
    }
  };
  while (i < bytes.length) {
    const key = varint();
    const no = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (wire === 0) out.push({ no, wire, value: varint() });
    else if (wire === 2) {
      const len = Number(varint());
      if (i + len > bytes.length) throw new TronMismatch('raw data: truncated field');
      out.push({ no, wire, value: bytes.subarray(i, i + len) });
      i += len;
    } else if (wire === 1) i += 8;
    else if (wire === 5) i += 4;
    else throw new TronMismatch(`raw data: wire type ${wire}`);
    if (i > bytes.length) throw new TronMismatch('raw data: truncated');
  }
  return out;
}

const bytesOf = (fs: Field[], no: number) =>
  fs.filter((f) => f.no === no && f.wire === 2).map((f) => f.value as Uint8Array);

/**
 * The TRC-20 `transfer(to, amount)` calls the signed raw data makes: per TriggerSmartContract,
 * the contract called (21 bytes hex), and when its call data is `transfer`, the recipient and amount.
 */
export function transferCalls(rawHex: string): Array<{ from: string; contract: string; to: string; amount: bigint }> {
  const raw = fields(hexToBytes(rawHex));
  const calls: Array<{ from: string; contract: string; to: string; amount: bigint }> = [];
  for (const contract of bytesOf(raw, 11)) {
    const c = fields(contract);
    const type = c.find((f) => f.no === 1 && f.wire === 0)?.value;
    if (type !== BigInt(TRIGGER_SMART_CONTRACT)) continue;
    const any = bytesOf(c, 2)[0];
    if (!any) continue;
    const value = bytesOf(fields(any), 2)[0];
    if (!value) continue;
    const trigger = fields(value);
    const owner = bytesOf(trigger, 1)[0];
    const address = bytesOf(trigger, 2)[0];
    const data = bytesOf(trigger, 4)[0];
    if (!owner || owner.length !== 21 || !address || !data || data.length !== 68) continue;
    const hex = bytesToHex(data);
    if (!hex.startsWith(TRANSFER_SELECTOR) || !/^0{24}$/.test(hex.slice(8, 32))) continue;
    calls.push({
      from: bytesToHex(owner),
      contract: bytesToHex(address),
      to: `41${hex.slice(32, 72)}`,
      amount: BigInt(`0x${hex.slice(72)}`),
    });
  }
  return calls;
}

// ---------- the API ----------

export interface TronGrid {
  readonly url: string;
  /**
   * What the chain says of `txid` as a USDT payment to `address`: unknown, failed, not yet final,
   * or final with the transfers to that address. Throws ProviderError (unreachable, slow, garbled)
   * or TronMismatch (content that is not what it claims).
   */
  read(txid: string, address: string, contract: string): Promise<TronReading>;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export function createTronGrid(url: string, timeoutMs: number): TronGrid {
  async function post(path: string, txid: string): Promise<Json> {
    const body = await providerPostJson(`${url}${path}`, { value: txid, visible: false }, timeoutMs);
    if (!isObject(body)) throw new ProviderError(`${url}${path}: not an object`);
    return body;
  }

  return {
    url,
    async read(txid, address, contract) {
      const tx = await post('/wallet/gettransactionbyid', txid);
      // TronGrid answers an unknown id with an empty object.
      if (Object.keys(tx).length === 0) return { kind: 'not_found' };
      const rawHex = typeof tx.raw_data_hex === 'string' ? tx.raw_data_hex.toLowerCase() : '';
      if (!/^([0-9a-f]{2})+$/.test(rawHex)) throw new TronMismatch('no raw_data_hex');
      if (bytesToHex(sha256(hexToBytes(rawHex))) !== txid || tx.txID !== txid)
        throw new TronMismatch('raw_data_hex does not hash to the transaction id');
      const ret = Array.isArray(tx.ret) && isObject(tx.ret[0]) ? tx.ret[0].contractRet : undefined;
      if (ret !== undefined && ret !== 'SUCCESS') return { kind: 'failed' };

      const platform = tronAddressHex(address);
      const token = tronAddressHex(contract);
      const calls = transferCalls(rawHex).filter((c) => c.contract === token && c.to === platform);
      if (calls.length === 0) return { kind: 'wrong_destination' };

      const info = await post('/walletsolidity/gettransactioninfobyid', txid);
      // Only solidified transactions are known there: not yet, or never mined.
      if (Object.keys(info).length === 0) return { kind: 'not_final' };
      if (info.id !== txid) throw new TronMismatch('the receipt is of another transaction');
      const receipt = isObject(info.receipt) ? info.receipt : {};
      if (receipt.result !== 'SUCCESS' || info.result === 'FAILED') return { kind: 'failed' };
      const block = info.blockNumber;
      if (!Number.isSafeInteger(block) || (block as number) < 0) throw new ProviderError(`${url}: no block number`);
      const at = info.blockTimeStamp;
      if (!Number.isSafeInteger(at) || (at as number) <= 0) throw new ProviderError(`${url}: no block time`);
      const logs = Array.isArray(info.log) ? info.log : [];
      const transfers: TronTransfer[] = [];
      logs.forEach((log: unknown, index) => {
        if (!isObject(log) || !Array.isArray(log.topics) || typeof log.data !== 'string') return;
        const topics = log.topics.map((t) => String(t).toLowerCase());
        const emitter = `41${String(log.address)
          .toLowerCase()
          .replace(/^(0x|41)(?=[0-9a-f]{40}$)/, '')}`;
        if (emitter !== token || topics.length !== 3 || topics[0] !== TRANSFER_TOPIC) return;
        if (!HEX64.test(topics[2]!) || !HEX64.test(log.data.toLowerCase())) return;
        if (`41${topics[2]!.slice(24)}` !== platform) return;
        transfers.push({ index, amount: BigInt(`0x${log.data}`) });
      });
      // The receipt's transfers must be the signed calls', one for one: a receipt inventing or
      // changing one is refused (the signed bytes are the proof of what was asked).
      const signed = calls.map((c) => c.amount).sort();
      const logged = transfers.map((t) => t.amount).sort();
      if (signed.length !== logged.length || signed.some((a, i) => a !== logged[i]))
        throw new TronMismatch('the receipt’s transfers are not the signed transaction’s');
      return {
        kind: 'final',
        block: block as number,
        at: at as number,
        senders: [...new Set(calls.map((c) => tronAddressOf(c.from)))],
        transfers: transfers.filter((t) => t.amount > 0n),
      };
    },
  };
}
