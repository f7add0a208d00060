/** The API answered 200 but said "slow down" in the body (Etherscan's "Max rate limit reached"). */
export class RateLimitedError extends Error {
  constructor(message: string) {
    super(`rate limited: ${message}`);
    this.name = "RateLimitedError";
  }
}

/** Blockscout refuses pages past page × offset = 10,000: the history goes on beyond our reach. */
export class ResultWindowError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ResultWindowError";
  }
}

/** Any other status "0" answer: bad parameters, unknown action, an internal error. */
export class BlockscoutApiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BlockscoutApiError";
  }
}
