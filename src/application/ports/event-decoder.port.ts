import type { ArgValue } from "../../domain/protocol-guard/event-condition";
import type { ParsedSignature } from "../../domain/protocol-guard/watched-contracts";

/** Decodes logs and call data with a parsed signature; null when they do not fit it. */
export interface EventDecoder {
  /** Arguments by name (when named) and by position (`$0`, `$1`...); addresses lowercase, integers bigint. */
  decodeLog(
    signature: ParsedSignature,
    topics: readonly string[],
    data: string,
  ): Readonly<Record<string, ArgValue>> | null;
  decodeCall(signature: ParsedSignature, input: string): Readonly<Record<string, ArgValue>> | null;
}

export const EventDecoder = Symbol.for("EventDecoder");
