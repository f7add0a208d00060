/**
 * Names and symbols of widely held tokens that impostors copy, as their issuers spell them. Addresses differ from
 * chain to chain, so none is shipped: a configured reference (an official issuer, a DEX quote token or
 * WELL_KNOWN_TOKENS) with the same folded name or symbol replaces the entry, and the token at the configured address
 * is the real one. Without one, any token that spells one of these is compared by name alone.
 */
export const WELL_KNOWN_TOKEN_IDENTITIES: readonly { readonly name: string; readonly symbol: string }[] = [
  { name: "Tether USD", symbol: "USDT" },
  { name: "USD Coin", symbol: "USDC" },
  { name: "Dai Stablecoin", symbol: "DAI" },
  { name: "Binance USD", symbol: "BUSD" },
  { name: "TrueUSD", symbol: "TUSD" },
  { name: "Pax Dollar", symbol: "USDP" },
  { name: "PayPal USD", symbol: "PYUSD" },
  { name: "First Digital USD", symbol: "FDUSD" },
  { name: "Euro Coin", symbol: "EURC" },
  { name: "Wrapped Ether", symbol: "WETH" },
  { name: "Wrapped BTC", symbol: "WBTC" },
  { name: "BNB", symbol: "BNB" },
  { name: "Wrapped BNB", symbol: "WBNB" },
  { name: "Lido Staked ETH", symbol: "stETH" },
  { name: "Wrapped liquid staked Ether 2.0", symbol: "wstETH" },
  { name: "SHIBA INU", symbol: "SHIB" },
  { name: "Pepe", symbol: "PEPE" },
  { name: "Uniswap", symbol: "UNI" },
  { name: "ChainLink Token", symbol: "LINK" },
  { name: "Aave Token", symbol: "AAVE" },
  { name: "Matic Token", symbol: "MATIC" },
  { name: "Arbitrum", symbol: "ARB" },
];
