import { Address, NETWORK, OutScript } from '@scure/btc-signer';
import type { ChainCoin } from './account-key';

/** Litecoin mainnet; its legacy `3…` P2SH (Bitcoin's version byte) is still accepted by wallets. */
const LITECOIN = { bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 };
const LITECOIN_OLD_P2SH = { ...LITECOIN, scriptHash: 0x05 };

/**
 * The output script an address is paid by (what the transaction's output carries), or null when
 * the address is not one of the coin's mainnet addresses. The decoding is @scure/btc-signer's.
 */
export function outputScriptOf(coin: ChainCoin, address: string): Uint8Array | null {
  const networks = coin === 'BTC' ? [NETWORK] : [LITECOIN, LITECOIN_OLD_P2SH];
  for (const network of networks) {
    try {
      return OutScript.encode(Address(network).decode(address));
    } catch {
      // the next network, or none
    }
  }
  return null;
}
