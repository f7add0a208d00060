/**
 * What Credence uses of EDR's own provider, which Hardhat's provider keeps as its private `_provider` (no public way
 * to reach it): `handleRequest` takes a JSON-RPC request or batch whole and answers with the execution traces EDR
 * kept (the replayed world's one batch; the callTracer built from an eth_call's trace). Null when a Hardhat release
 * moved it: callers fall back to Hardhat's own `request`.
 */
export interface EdrProvider {
  handleRequest(json: string): Promise<EdrResponse>;
}

export interface EdrResponse {
  readonly data: string | object;
  readonly traces: readonly { readonly trace: EdrTraceItem[] }[];
}

export function edrProviderOf(provider: object): EdrProvider | null {
  const inner = (provider as { _provider?: Partial<EdrProvider> })._provider;
  return typeof inner?.handleRequest === "function" ? (inner as EdrProvider) : null;
}

/** EDR's RawTrace items (@nomicfoundation/edr: TracingMessage, TracingStep, TracingMessageResult), as read here. */
export interface Message {
  readonly caller: Uint8Array;
  readonly to?: Uint8Array;
  readonly isStaticCall: boolean;
  readonly gasLimit: bigint;
  readonly depth: number;
  readonly data: Uint8Array;
  readonly value: bigint;
  readonly codeAddress?: Uint8Array;
}
export interface Step {
  readonly pc: bigint;
  readonly opcode: string;
}
export interface ExecutionLog {
  readonly address: Uint8Array;
  readonly topics: Uint8Array[];
  readonly data: Uint8Array;
}
export interface MessageResult {
  readonly executionResult: {
    readonly result:
      | {
          readonly gasUsed: bigint;
          readonly logs: ExecutionLog[];
          readonly output: { readonly returnValue: Uint8Array; readonly address?: Uint8Array };
        }
      | { readonly gasUsed: bigint; readonly output: Uint8Array }
      | { readonly gasUsed: bigint; readonly reason: number };
    readonly contractAddress?: Uint8Array;
  };
}
/** One item of EDR's RawTrace.trace (@nomicfoundation/edr: TracingMessage, TracingStep, TracingMessageResult). */
export type EdrTraceItem = Message | Step | MessageResult;
