/** One dependency the service needs before it can answer (chain node, index, database). */
export interface ReadinessProbe {
  readonly name: string;
  /** Resolves true when the dependency answers; never rejects. */
  isReady(): Promise<boolean>;
}

export const ReadinessProbes = Symbol.for("ReadinessProbes");
