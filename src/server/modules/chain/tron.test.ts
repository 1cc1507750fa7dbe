import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { TRANSFER_TOPIC, transferCalls, tronAddressHex, tronAddressOf } from './tron';

describe('TRON reading (decision 060)', () => {
  it('the Transfer topic is keccak256 of the event signature', () => {
    expect(bytesToHex(keccak_256(utf8ToBytes('Transfer(address,address,uint256)')))).toBe(TRANSFER_TOPIC);
    expect(bytesToHex(keccak_256(utf8ToBytes('transfer(address,uint256)'))).slice(0, 8)).toBe('a9059cbb');
  });

  it('addresses: mainnet USDT’s contract, both ways; a non-TRON address refused', () => {
    expect(tronAddressHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('41a614f803b6fd780986a42c78ec9c7f77e6ded13c');
    expect(tronAddressOf('41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(() => tronAddressHex('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toThrow();
  });

  it('reads a transfer call from signed raw data, and nothing from other bytes', () => {
    const contract = 'a614f803b6fd780986a42c78ec9c7f77e6ded13c';
    const to = '11'.repeat(20);
    const data = `a9059cbb${to.padStart(64, '0')}${1234567n.toString(16).padStart(64, '0')}`;
    /** A protobuf length: a varint. */
    const len = (hex: string) => {
      let n = hex.length / 2;
      let out = '';
      do {
        const b = n & 0x7f;
        n >>= 7;
        out += (n > 0 ? b | 0x80 : b).toString(16).padStart(2, '0');
      } while (n > 0);
      return out;
    };
    const trigger = `0a15${'41'.padEnd(42, '2')}1215${'41' + contract}2244${data}`;
    const typeUrl = bytesToHex(utf8ToBytes('type.googleapis.com/protocol.TriggerSmartContract'));
    const any = `0a${len(typeUrl)}${typeUrl}12${len(trigger)}${trigger}`;
    const c = `081f12${len(any)}${any}`;
    const raw = `0a02abcd5a${len(c)}${c}`;
    // The sender is the contract call's owner, signed with it (decision 063).
    expect(transferCalls(raw)).toEqual([
      { from: '41'.padEnd(42, '2'), contract: `41${contract}`, to: `41${to}`, amount: 1234567n },
    ]);
    // A TransferContract (type 1) is not a token transfer.
    expect(transferCalls(raw.replace('081f12', '080112'))).toEqual([]);
    expect(() => transferCalls('5aff')).toThrow();
  });
});
