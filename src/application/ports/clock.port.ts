/**
 * Wall-clock time, for things that live in real time (rate windows, cache entries, request
 * stamps). Chain ages use block timestamps from ChainReader instead.
 */
export interface Clock {
  nowMs(): number;
}

export const Clock = Symbol.for("Clock");
