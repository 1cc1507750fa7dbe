import { hexToBytes as nobleHex } from '@noble/hashes/utils.js';
import { Transaction } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { parseAccountKey } from './account-key';
import { decodeBlock, decodeTransaction, hexToBytes, RawError } from './raw';
import { TestChain } from '../../../tests/support/chain';

/** Bitcoin's genesis block: a real block whose hash, Merkle root and only transaction's id are known. */
const GENESIS_HEADER =
  '01000000' +
  '00'.repeat(32) +
  '3ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa4b1e5e4a' +
  '29ab5f49' +
  'ffff001d' +
  '1dac2b7c';
const GENESIS_COINBASE =
  '01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000';
const GENESIS_HASH = '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f';
const GENESIS_TXID = '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b';

const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

describe('raw transactions: decoded strictly, ids recomputed', () => {
  it("reads Bitcoin's genesis transaction and finds its known id and 50 BTC output", () => {
    const tx = decodeTransaction(hexToBytes(GENESIS_COINBASE), 'BTC', GENESIS_TXID);
    expect(tx.txid).toBe(GENESIS_TXID);
    expect(tx.outputs).toHaveLength(1);
    expect(tx.outputs[0]!.value).toBe(5_000_000_000);
  });

  it('finds the same id as @scure/btc-signer for signed SegWit transactions (witness left out of the id)', () => {
    const chain = new TestChain('BTC');
    const key = parseAccountKey('BTC', ZPUB);
    for (let i = 0; i < 5; i++) {
      const signed = chain.pay([[key.receiveAddress(i), 10_000 + i]]);
      const ours = decodeTransaction(signed.raw, 'BTC', signed.txid);
      expect(ours.txid).toBe(Transaction.fromRaw(signed.raw).id);
      expect(ours.outputs[0]!.value).toBe(10_000 + i);
    }
  });

  it('refuses content that does not hash to the id asked for', () => {
    const chain = new TestChain('BTC');
    const key = parseAccountKey('BTC', ZPUB);
    const real = chain.pay([[key.receiveAddress(0), 50_000]]);
    const other = chain.pay([[key.receiveAddress(0), 5_000_000]]);
    expect(() => decodeTransaction(other.raw, 'BTC', real.txid)).toThrow(RawError);
    // The amount changed in place: the bytes still read, the id no longer matches.
    const forged = real.raw.slice();
    const tx = decodeTransaction(real.raw, 'BTC');
    const valueAt = tx.outputs[0]!.scriptStart - 9;
    forged[valueAt + 2]! ^= 0x01;
    expect(decodeTransaction(forged, 'BTC').outputs[0]!.value).not.toBe(50_000);
    expect(() => decodeTransaction(forged, 'BTC', real.txid)).toThrow(/hashes to/);
  });

  it('refuses truncated bytes, trailing bytes, non-canonical sizes and flags of another coin', () => {
    const raw = hexToBytes(GENESIS_COINBASE);
    expect(() => decodeTransaction(raw.subarray(0, raw.length - 1), 'BTC')).toThrow(/truncated/);
    expect(() => decodeTransaction(Uint8Array.of(...raw, 0), 'BTC')).toThrow(/after/);
    const nonCanonical = Uint8Array.of(...raw.subarray(0, 4), 0xfd, 0x01, 0x00, ...raw.subarray(5));
    expect(() => decodeTransaction(nonCanonical, 'BTC')).toThrow(/non-canonical/);
    const mweb = Uint8Array.of(...raw.subarray(0, 4), 0x00, 0x08, ...raw.subarray(4, raw.length - 4), 0x00, 0, 0, 0, 0);
    expect(() => decodeTransaction(mweb, 'BTC')).toThrow(/flags/);
    // Litecoin's integrating transaction carries the MWEB flag with no body: read, and its id unchanged.
    expect(decodeTransaction(mweb, 'LTC').txid).toBe(GENESIS_TXID);
  });
});

describe('raw blocks: header hash and Merkle root checked', () => {
  const genesis = hexToBytes(GENESIS_HEADER + '01' + GENESIS_COINBASE);

  it("reads Bitcoin's genesis block: its known hash, and a root equal to its only transaction's id", () => {
    const block = decodeBlock(genesis, 'BTC', GENESIS_HASH);
    expect(block.hash).toBe(GENESIS_HASH);
    expect(block.merkleRoot).toBe(GENESIS_TXID);
    expect(block.previousHash).toBe('00'.repeat(32));
    expect(block.transactions.map((t) => t.txid)).toEqual([GENESIS_TXID]);
  });

  it('refuses a block asked by another hash, or whose transactions were altered', () => {
    expect(() => decodeBlock(genesis, 'BTC', '00'.repeat(32))).toThrow(/header hashes to/);
    const altered = genesis.slice();
    altered[altered.length - 10]! ^= 0xff;
    expect(() => decodeBlock(altered, 'BTC', GENESIS_HASH)).toThrow(/Merkle root/);
  });

  it('checks a block of many signed transactions, and refuses one with a transaction dropped', () => {
    const chain = new TestChain('BTC');
    const key = parseAccountKey('BTC', ZPUB);
    const txs = Array.from({ length: 7 }, (_, i) => chain.pay([[key.receiveAddress(i), 1000 * (i + 1)]]));
    const block = chain.mine(txs);
    const read = decodeBlock(block.raw, 'BTC', block.hash);
    expect(read.transactions.map((t) => t.txid)).toEqual(block.txids);
    expect(read.previousHash).toBe(chain.blocks[0]!.hash);
    // The last transaction dropped and the count lowered: the root no longer matches.
    const last = txs[6]!.raw.length;
    const dropped = block.raw.slice(0, block.raw.length - last);
    dropped[80] = 7;
    expect(() => decodeBlock(dropped, 'BTC', block.hash)).toThrow(/Merkle root/);
  });

  it('refuses a repeated transaction (the Merkle tree cannot tell it)', () => {
    const chain = new TestChain('BTC');
    const key = parseAccountKey('BTC', ZPUB);
    const a = chain.pay([[key.receiveAddress(0), 1000]]);
    const b = chain.pay([[key.receiveAddress(1), 1000]]);
    const block = chain.mine([a, b]);
    // [coinbase, a, b] and [coinbase, a, b, b] have the same root.
    const repeated = Uint8Array.of(...block.raw, ...b.raw);
    repeated[80] = 4;
    expect(() => decodeBlock(repeated, 'BTC', block.hash)).toThrow(/repeated/);
  });

  it('refuses what is not hexadecimal', () => {
    expect(() => hexToBytes('zz')).toThrow(RawError);
    expect(nobleHex('00')).toEqual(Uint8Array.of(0));
  });
});
