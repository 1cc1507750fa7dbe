import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { NETWORK, p2wpkh, Transaction } from '@scure/btc-signer';
import type { ChainCoin } from '../../src/core/chain/account-key';
import { doubleSha256, merkleRoot, reversedHex } from '../../src/core/chain/raw';

/**
 * A real chain for the watcher's tests (decision 055): transactions signed with a test key (ECDSA,
 * P2WPKH, by @scure/btc-signer) paying addresses derived from a test account key, assembled into
 * blocks whose headers link and commit to their transactions' Merkle root. Proof of work is not
 * done (the watcher trusts the provider for it). Also what bench/chain builds its block with.
 */

const LITECOIN = { bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 };
const networks = { BTC: NETWORK, LTC: LITECOIN } as const;

export interface SignedTx {
  txid: string;
  raw: Uint8Array;
}

export interface TestBlock {
  hash: string;
  height: number;
  previousHash: string;
  raw: Uint8Array;
  txids: string[];
}

const le32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n >>> 0, true);
  return b;
};
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n);
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >> 8);
  return concat(Uint8Array.of(0xfe), le32(n));
}

/** The sender: a key of a wallet no one uses, from a fixed seed. */
const sender = HDKey.fromMasterSeed(sha256(new TextEncoder().encode('atlas chain test sender'))).derive(
  "m/84'/0'/0'/0/0",
);

export class TestChain {
  /** The best chain, genesis first. */
  readonly blocks: TestBlock[] = [];
  /** Every transaction mined, by id (a provider serves those of its best chain's blocks). */
  readonly mined = new Map<string, SignedTx>();
  private spent = 0;

  constructor(readonly coin: ChainCoin) {
    this.blocks.push(this.assemble('00'.repeat(32), 0, []));
  }

  get tip(): TestBlock {
    return this.blocks[this.blocks.length - 1]!;
  }

  /**
   * A signed transaction paying `outputs` (address, amount in the smallest unit), spending an
   * output of the sender's (its funding transaction is not on this chain: the watcher never looks
   * at inputs) and returning the change.
   */
  pay(outputs: Array<[address: string, amount: number]>): SignedTx {
    const network = networks[this.coin];
    const own = p2wpkh(sender.publicKey!, network);
    const total = outputs.reduce((n, [, a]) => n + a, 0);
    const tx = new Transaction();
    tx.addInput({
      txid: sha256(new TextEncoder().encode(`funding ${this.coin} ${this.spent++}`)),
      index: 0,
      witnessUtxo: { script: own.script, amount: BigInt(total + 100_000_000) },
    });
    for (const [address, amount] of outputs) tx.addOutputAddress(address, BigInt(amount), network);
    tx.addOutputAddress(own.address!, BigInt(100_000_000 - 1000), network);
    tx.sign(sender.privateKey!);
    tx.finalize();
    return { txid: tx.id, raw: tx.extract() };
  }

  /** A new block on the tip with these transactions (after its coinbase). */
  mine(txs: SignedTx[] = []): TestBlock {
    const block = this.assemble(this.tip.hash, this.tip.height + 1, txs);
    this.blocks.push(block);
    for (const tx of txs) this.mined.set(tx.txid, tx);
    return block;
  }

  /** Drops the newest `depth` blocks (their transactions are gone with them, unless mined again). */
  reorg(depth: number): TestBlock[] {
    return this.blocks.splice(this.blocks.length - depth, depth);
  }

  private assemble(previousHash: string, height: number, txs: SignedTx[]): TestBlock {
    const all = [coinbase(height, this.blocks.length + this.spent), ...txs];
    const root = merkleRoot(all.map((t) => hexToBytes(t.txid).reverse()));
    const header = concat(
      le32(0x20000000),
      hexToBytes(previousHash).reverse(),
      root,
      le32(1_700_000_000 + height * 600),
      le32(0x207fffff),
      le32(height),
    );
    const raw = concat(header, varint(all.length), ...all.map((t) => t.raw));
    return { hash: reversedHex(doubleSha256(header)), height, previousHash, raw, txids: all.map((t) => t.txid) };
  }
}

/** A coinbase (legacy serialisation): its input spends nothing, its script says the height. */
function coinbase(height: number, salt: number): SignedTx {
  const script = concat(Uint8Array.of(4), le32(height), Uint8Array.of(4), le32(salt));
  const raw = concat(
    le32(1),
    varint(1),
    new Uint8Array(32),
    le32(0xffffffff),
    varint(script.length),
    script,
    le32(0xffffffff),
    varint(1),
    Uint8Array.of(0x00, 0xf2, 0x05, 0x2a, 0x01, 0, 0, 0),
    varint(1),
    Uint8Array.of(0x51),
    le32(0),
  );
  return { txid: reversedHex(doubleSha256(raw)), raw };
}
