import type { StreamedBlock } from "../../../application/ports/block-stream.port";

/** One block, decoded into what the history index keeps: the block stream's block. */
export type IndexedBlock = StreamedBlock;
