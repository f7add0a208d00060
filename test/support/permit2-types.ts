/**
 * Permit2's published EIP-712 types for PermitSingle (Uniswap/permit2 src/libraries/PermitHash.sol,
 * @uniswap/permit2-sdk), written out here rather than taken from src so the decoder is checked against the spec.
 */
export const PERMIT2_SINGLE_TYPES = {
  PermitDetails: [
    { name: "token", type: "address" },
    { name: "amount", type: "uint160" },
    { name: "expiration", type: "uint48" },
    { name: "nonce", type: "uint48" },
  ],
  PermitSingle: [
    { name: "details", type: "PermitDetails" },
    { name: "spender", type: "address" },
    { name: "sigDeadline", type: "uint256" },
  ],
};
