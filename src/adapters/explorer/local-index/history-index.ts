import { ZERO_ADDRESS, type Address } from "../../../domain/chain/address";
import type {
  ChainTransaction,
  ContractCreation,
  TokenHolding,
  TokenTransfer,
} from "../../../domain/chain/chain-types";
import type { IndexedBlock } from "./indexed-block";

function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** Drops holders who reach zero, so holder lists stay proportional to current holders. */
function adjust(balances: Map<Address, bigint>, holder: Address, delta: bigint): void {
  const balance = (balances.get(holder) ?? 0n) + delta;
  if (balance === 0n) balances.delete(holder);
  else balances.set(holder, balance);
}

const partiesOf = (tx: ChainTransaction): Set<Address> =>
  new Set([tx.from, tx.to, tx.contractCreated].filter((a): a is Address => a !== null && a !== undefined));

/** What undoing a block needs: the records it added (the same objects the lists hold). */
type Added = Pick<IndexedBlock, "number" | "transactions" | "transfers" | "creations">;

/** Takes `value` off the end of `map`'s list for `key`, where `add` put it last. */
function unappend<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) return;
  const at = list.lastIndexOf(value);
  if (at >= 0) list.splice(at, 1);
  if (list.length === 0) map.delete(key);
}

/**
 * In-memory history, keyed by address and by token. Blocks arrive in order, so every list is
 * already oldest first and reads are a map lookup. The newest `undoDepth` blocks are journaled
 * (references to what they added, no copies) so a reorganisation can take them back out.
 */
export class HistoryIndex {
  private readonly journal: Added[] = [];
  private readonly transactionsByAddress = new Map<Address, ChainTransaction[]>();
  private readonly erc20ByAddress = new Map<Address, TokenTransfer[]>();
  private readonly nftByAddress = new Map<Address, TokenTransfer[]>();
  private readonly transfersByToken = new Map<Address, TokenTransfer[]>();
  private readonly creations = new Map<Address, ContractCreation>();
  /** token -> holder -> balance; the zero address (mints and burns) is not a holder. */
  private readonly balances = new Map<Address, Map<Address, bigint>>();
  private transferCount = 0;

  constructor(private readonly undoDepth = 64) {}

  addRange(blocks: readonly IndexedBlock[]): void {
    for (const block of blocks) this.add(block);
  }

  add(block: IndexedBlock): void {
    for (const tx of block.transactions)
      for (const party of partiesOf(tx)) append(this.transactionsByAddress, party, tx);
    for (const transfer of block.transfers) this.addTransfer(transfer);
    // The first record of a contract wins, as in the PostgreSQL index.
    for (const creation of block.creations)
      if (!this.creations.has(creation.contract)) this.creations.set(creation.contract, creation);
    const { number, transactions, transfers, creations } = block;
    this.journal.push({ number, transactions, transfers, creations });
    if (this.journal.length > this.undoDepth) this.journal.shift();
  }

  /**
   * Takes out every block after `ancestor`, newest first (each list's tail is the newest block's): its
   * transactions, transfers, balance changes and the creations it recorded first. Throws (a bug: the stream
   * never rolls back deeper than the journal) when a block to remove is no longer journaled.
   */
  rollback(ancestor: number): void {
    const oldest = this.journal[0]?.number;
    const newest = this.journal.at(-1)?.number;
    if (newest !== undefined && newest > ancestor && oldest! > ancestor + 1)
      throw new Error(`the index journals blocks ${oldest}..${newest} only: it cannot roll back to ${ancestor}`);
    for (let block = this.journal.at(-1); block !== undefined && block.number > ancestor; block = this.journal.at(-1)) {
      this.journal.pop();
      this.remove(block);
    }
  }

  private remove(block: Added): void {
    for (const creation of block.creations)
      if (this.creations.get(creation.contract) === creation) this.creations.delete(creation.contract);
    for (const transfer of [...block.transfers].reverse()) this.removeTransfer(transfer);
    for (const tx of [...block.transactions].reverse())
      for (const party of partiesOf(tx)) unappend(this.transactionsByAddress, party, tx);
  }

  get transfersIndexed(): number {
    return this.transferCount;
  }

  get creationsIndexed(): number {
    return this.creations.size;
  }

  transactionsOf(address: Address): readonly ChainTransaction[] {
    return this.transactionsByAddress.get(address) ?? [];
  }

  tokenTransfersOf(address: Address): readonly TokenTransfer[] {
    return this.erc20ByAddress.get(address) ?? [];
  }

  nftTransfersOf(address: Address): readonly TokenTransfer[] {
    return this.nftByAddress.get(address) ?? [];
  }

  transfersOfToken(token: Address): readonly TokenTransfer[] {
    return this.transfersByToken.get(token) ?? [];
  }

  creationOf(contract: Address): ContractCreation | null {
    return this.creations.get(contract) ?? null;
  }

  holdersOf(token: Address): TokenHolding[] {
    const holders: TokenHolding[] = [];
    for (const [holder, balance] of this.balances.get(token) ?? []) if (balance > 0n) holders.push({ holder, balance });
    return holders;
  }

  private addTransfer(transfer: TokenTransfer): void {
    this.transferCount++;
    const byAddress = transfer.standard === "ERC20" ? this.erc20ByAddress : this.nftByAddress;
    append(byAddress, transfer.from, transfer);
    if (transfer.to !== transfer.from) append(byAddress, transfer.to, transfer);
    append(this.transfersByToken, transfer.token, transfer);
    let balances = this.balances.get(transfer.token);
    if (balances === undefined) this.balances.set(transfer.token, (balances = new Map()));
    // An ERC-721 transfer moves one unit, so a holder's balance is the number of NFTs held.
    if (transfer.from !== ZERO_ADDRESS) adjust(balances, transfer.from, -transfer.value);
    if (transfer.to !== ZERO_ADDRESS) adjust(balances, transfer.to, transfer.value);
  }

  private removeTransfer(transfer: TokenTransfer): void {
    this.transferCount--;
    const byAddress = transfer.standard === "ERC20" ? this.erc20ByAddress : this.nftByAddress;
    unappend(byAddress, transfer.from, transfer);
    if (transfer.to !== transfer.from) unappend(byAddress, transfer.to, transfer);
    unappend(this.transfersByToken, transfer.token, transfer);
    const balances = this.balances.get(transfer.token);
    if (balances === undefined) return;
    if (transfer.from !== ZERO_ADDRESS) adjust(balances, transfer.from, transfer.value);
    if (transfer.to !== ZERO_ADDRESS) adjust(balances, transfer.to, -transfer.value);
    if (balances.size === 0) this.balances.delete(transfer.token);
  }
}
