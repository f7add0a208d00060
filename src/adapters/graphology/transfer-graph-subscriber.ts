import type { BlockSubscriber } from "../../application/ports/block-stream.port";
import type { GraphologyTransferGraph } from "./graphology-transfer-graph.adapter";

/**
 * The transfer graph as a subscriber of the block stream: folds in every block after `startAfter`
 * (the local index's first block, or a lookback behind the head where a remote chain's whole history
 * would take hours to read), then each new one. After a reorganisation it follows the new branch from the
 * common ancestor; what the removed blocks added stays (see `rewind`).
 */
export function transferGraphSubscriber(graph: GraphologyTransferGraph, startAfter: number): BlockSubscriber {
  let kept = startAfter;
  return {
    name: "transfer graph",
    position: () => kept,
    receive: async (blocks, _from, to) => {
      for (const block of blocks) graph.add(block);
      kept = to;
    },
    rollback: async ({ ancestor }) => {
      graph.rewind(ancestor.number);
      kept = Math.min(kept, ancestor.number);
    },
  };
}
