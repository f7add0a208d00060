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

/**
 * In-memory history, keyed by address and by token. Blocks arrive in order, so every list is
 * already oldest first and reads are a map lookup.
 */
export class HistoryIndex {
  private readonly transactionsByAddress = new Map<Address, ChainTransaction[]>();
  private readonly erc20ByAddress = new Map<Address, TokenTransfer[]>();
  private readonly nftByAddress = new Map<Address, TokenTransfer[]>();
  private readonly transfersByToken = new Map<Address, TokenTransfer[]>();
  private readonly creations = new Map<Address, ContractCreation>();
  /** token -> holder -> balance; the zero address (mints and burns) is not a holder. */
  private readonly balances = new Map<Address, Map<Address, bigint>>();
  private transferCount = 0;

  addRange(blocks: readonly IndexedBlock[]): void {
    for (const block of blocks) this.add(block);
  }

  add(block: IndexedBlock): void {
    for (const tx of block.transactions) {
      const parties = new Set(
        [tx.from, tx.to, tx.contractCreated].filter((a): a is Address => a !== null && a !== undefined),
      );
      for (const party of parties) append(this.transactionsByAddress, party, tx);
    }
    for (const transfer of block.transfers) this.addTransfer(transfer);
    // The first record of a contract wins, as in the PostgreSQL index.
    for (const creation of block.creations)
      if (!this.creations.has(creation.contract)) this.creations.set(creation.contract, creation);
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
}
