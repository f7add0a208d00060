import type { FlagRule } from "./flag-rule";
import { GRAPH_TRUST } from "../graph-trust/graph-trust-thresholds";
import { CONTRACT, NFT, TOKEN, WALLET } from "./thresholds";
import { LOOK_ALIKE_PREFIX, LOOK_ALIKE_SUFFIX } from "../scan/look-alike";

export type { FlagRule } from "./flag-rule";

const pct = (share: number): string => `${Math.round(share * 100)}%`;
const bps = (value: number): string => `${value / 100}%`;

const WALLET_FLAGS = {
  WASH_TRADING: {
    appliesTo: ["wallet"],
    severity: "high",
    points: -25,
    category: "manipulation",
    title: "round-trip (wash) transfers",
    rule: `At least ${WALLET.washMinRoundTrips} round trips along one route: the same asset leaves to a counterparty and comes back (from that counterparty, or, when it left first, from one other address: a small cycle) within ${WALLET.washWindowSeconds / 3600} h, amount within ${bps(WALLET.washAmountToleranceBps)}. Known pools and configured staking contracts are not counterparties.`,
  },
  VELOCITY_BURST: {
    appliesTo: ["wallet"],
    severity: "medium",
    points: -10,
    category: "manipulation",
    title: "bursts of transactions",
    rule: `At least ${WALLET.velocityMinTransactions} transactions sent within any ${WALLET.velocityWindowSeconds / 60}-minute window.`,
  },
  MACHINE_REGULAR_INTERVALS: {
    appliesTo: ["wallet"],
    severity: "medium",
    points: -12,
    category: "manipulation",
    title: "machine-regular timing",
    rule: `At least ${WALLET.regularMinIntervals} consecutive gaps between sent transactions equal to the first gap of the run within ${bps(WALLET.regularToleranceBps)} (or ${WALLET.regularToleranceMinSeconds} s).`,
  },
  SELF_INTERACTION: {
    appliesTo: ["wallet"],
    severity: "low",
    points: -5,
    category: "manipulation",
    title: "transfers to itself",
    rule: `At least ${WALLET.selfInteractionMin} transactions or token transfers from the wallet to itself.`,
  },
  COUNTERPARTY_CONCENTRATION: {
    appliesTo: ["wallet"],
    severity: "low",
    points: -5,
    category: "concentration",
    title: "activity concentrated on one counterparty",
    rule: `With at least ${WALLET.concentrationMinInteractions} interactions, one counterparty takes part in ${pct(WALLET.concentrationTopShare)} or more of them.`,
  },
  EXIT_SYNC_PARTICIPANT: {
    appliesTo: ["wallet"],
    severity: "high",
    points: -20,
    category: "exit_risk",
    title: "took part in a synchronized exit",
    rule: "The wallet is one of the sellers of an EXIT_SYNC window of a token it traded.",
  },
  DEPLOYED_AND_DUMPED: {
    appliesTo: ["wallet"],
    severity: "high",
    points: -30,
    category: "exit_risk",
    title: "deployed a token and dumped it",
    rule: `The wallet deployed a token and, within ${WALLET.deployedDumpWindowDays} days of deployment, sold into the token's pools at least ${pct(WALLET.deployedDumpShare)} of its holding (peak balance minus the liquidity it provided).`,
  },
  RUGGED_DEPLOYMENT: {
    appliesTo: ["wallet"],
    severity: "critical",
    points: -60,
    category: "exit_risk",
    title: "pulled the liquidity of its own token",
    rule: `The wallet deployed a token and removed at least ${pct(TOKEN.rugLiquidityShare)} of the liquidity ever added to one of its pools. Blocking.`,
  },
  COORDINATED_BUY_PARTICIPANT: {
    appliesTo: ["wallet"],
    severity: "high",
    points: -20,
    category: "sybil",
    title: "took part in a coordinated buy",
    rule: "The wallet is one of the first-time buyers of a COORDINATED_BUY window of a token it traded.",
  },
  SHARED_FUNDING_SOURCE: {
    appliesTo: ["wallet"],
    severity: "medium",
    points: -12,
    category: "sybil",
    title: "funded by a source that funds many fresh wallets",
    rule: `The address that first funded the wallet (the source behind up to ${GRAPH_TRUST.fundingDepth} relays when the transfer graph has followed the funding: layered funding counts as one source) sent first-time funding to at least ${WALLET.sharedFundingMinFreshRecipients} distinct fresh addresses (nonce <= ${WALLET.freshRecipientMaxNonce} when known) within ${WALLET.sharedFundingWindowSeconds / 3600} h of funding this one. Funders labelled as faucet, exchange or bridge are exempt.`,
  },
  ADDRESS_POISONING_TARGET: {
    appliesTo: ["wallet"],
    severity: "info",
    points: 0,
    category: "history",
    title: "targeted by address poisoning",
    rule: `Zero-value transfers (transferFrom of 0 from the wallet) or incoming dust name an address that copies the first ${LOOK_ALIKE_PREFIX} and last ${LOOK_ALIKE_SUFFIX} hex digits of one of the wallet's real counterparties (an address it sent a non-zero transfer to) without being it. The look-alikes are named: paying one of them is a loss. The wallet did nothing wrong, so the flag costs nothing.`,
  },
  // High, like the other flags for a wallet that harms others (WASH_TRADING, DEPLOYED_AND_DUMPED), and a penalty as
  // large as USDC_BLACKLISTED's: the address exists to divert payments. Not critical (blocking): the finding rests on
  // a 4+4 hex-digit match in someone else's history, which chance produces about once in 4 billion pairs, not a proof.
  ADDRESS_POISONING_SENDER: {
    appliesTo: ["wallet"],
    severity: "high",
    points: -40,
    category: "manipulation",
    title: "sends address-poisoning transfers",
    rule: `The wallet took part in zero-value token transfers with a victim (a transferFrom of 0 from the victim to it, or 0 sent to the victim), or sent it dust (at most ${WALLET.poisoningDustMaxUnits} smallest units of a token, or a plain native transfer of at most 1/${WALLET.poisoningNativeDustFraction} of a unit), while copying the first ${LOOK_ALIKE_PREFIX} and last ${LOOK_ALIKE_SUFFIX} hex digits of one of that victim's real counterparties (an address the victim sent a non-zero transfer to, read from the victim's own history) without being it. At most ${WALLET.poisoningMaxVictims} victims are read, newest first. The evidence names the victims, the imitated counterparties and the transactions.`,
  },
  FRESH_WALLET: {
    appliesTo: ["wallet"],
    severity: "info",
    points: 0,
    category: "history",
    title: "fresh wallet",
    rule: `First activity less than ${WALLET.freshWalletAgeDays} days ago, or at most ${WALLET.freshWalletMaxTransactions} transactions.`,
  },
} as const satisfies Record<string, FlagRule>;

const TOKEN_FLAGS = {
  HONEYPOT_PATTERN: {
    appliesTo: ["token"],
    severity: "critical",
    points: -100,
    category: "market_integrity",
    title: "honeypot: holders cannot sell",
    rule: `A simulated sell through the pool by a non-privileged seller (a real holder, or a fresh address given a balance by state override) reverts while buying works (a simulated buy succeeds, or non-privileged buys appear in the history), or returns less than ${bps(10_000 - TOKEN.honeypotSellTaxBps)} of the quoted amount. A failed buy alone is not a failed sell, and a fresh address's failure is no verdict when at least ${TOKEN.historySellersOverruleFresh} non-privileged holders sold in history and no simulated real holder failed (a limitation instead). Blocking.`,
  },
  RUG_PULL: {
    appliesTo: ["token"],
    severity: "critical",
    points: -100,
    category: "exit_risk",
    title: "liquidity pulled by the deployer",
    rule: `The deployer or owner removed at least ${pct(TOKEN.rugLiquidityShare)} of the liquidity ever added to a pool of the token. Blocking.`,
  },
  COORDINATED_EXIT: {
    appliesTo: ["token"],
    severity: "critical",
    points: -60,
    category: "exit_risk",
    title: "deployer exited together with holders",
    rule: `The deployer or owner sold at least ${pct(TOKEN.exitSyncPositionShare)} of its position inside an EXIT_SYNC window. Blocking.`,
  },
  NO_SUCCESSFUL_SELLS: {
    appliesTo: ["token"],
    severity: "high",
    points: -30,
    category: "market_integrity",
    title: "nobody has managed to sell",
    rule: `At least ${TOKEN.noSellsMinBuyers} distinct non-privileged buyers and not one successful sell into a pool by a non-privileged holder (flow corroboration; not blocking without a simulation).`,
  },
  HIGH_SELL_TAX: {
    appliesTo: ["token"],
    severity: "medium",
    points: -10,
    category: "market_integrity",
    title: "high sell tax",
    rule: `Measured sell tax (quoted vs simulated output) of at least ${bps(TOKEN.taxBps)}; high severity and -25 from ${bps(TOKEN.taxHighBps)}.`,
  },
  HIGH_BUY_TAX: {
    appliesTo: ["token"],
    severity: "medium",
    points: -5,
    category: "market_integrity",
    title: "high buy tax",
    rule: `Measured buy tax of at least ${bps(TOKEN.taxBps)}; high severity and -15 from ${bps(TOKEN.taxHighBps)}.`,
  },
  COORDINATED_BUY: {
    appliesTo: ["token"],
    severity: "high",
    points: -20,
    category: "sybil",
    title: "coordinated first buys",
    rule: `At least ${TOKEN.coordinatedBuyMinBuyers} first-time buyers within ${TOKEN.coordinatedBuyWindowBlocks} blocks, of whom at least ${TOKEN.coordinatedBuySharedFunderMin} (and ${pct(TOKEN.coordinatedBuySharedFunderShare)} of those with a known funder) were first funded by the same address (the source behind up to ${GRAPH_TRUST.fundingDepth} relays when the transfer graph has followed the funding).`,
  },
  EXIT_SYNC: {
    appliesTo: ["token"],
    severity: "high",
    points: -25,
    category: "exit_risk",
    title: "holders exited together",
    rule: `At least ${TOKEN.exitSyncMinSellers} distinct holders each sold at least ${pct(TOKEN.exitSyncPositionShare)} of their position into a pool within ${TOKEN.exitSyncWindowSeconds / 60} minutes.`,
  },
  LOW_HOLDER_QUALITY: {
    appliesTo: ["token"],
    severity: "medium",
    points: -15,
    category: "sybil",
    title: "buyers are mostly low-trust or fresh wallets",
    rule: `Of at least ${TOKEN.lowHolderQualityMinAssessed} assessed purchasing holders, ${pct(TOKEN.lowHolderQualityShare)} or more are LOW or BLOCKED, or younger than ${TOKEN.freshHolderAgeDays} days.`,
  },
  HIGH_CONCENTRATION: {
    appliesTo: ["token"],
    severity: "medium",
    points: -12,
    category: "concentration",
    title: "supply concentrated in few holders",
    rule: `Shares are of the supply outside pools and burn addresses. HHI over holders other than the deployer and owner of at least ${TOKEN.concentrationHhi} (of 10,000), or a top-10 share of at least ${pct(TOKEN.concentrationTop10Share)} with ${TOKEN.concentrationTop10MinHolders}+ holders.`,
  },
  DEPLOYER_HOLDS_MUCH: {
    appliesTo: ["token"],
    severity: "medium",
    points: -10,
    category: "concentration",
    title: "deployer holds much of the supply",
    rule: `Deployer and owner together hold at least ${pct(TOKEN.deployerShare)} of the total supply minus burn addresses (pool reserves count as circulating); high severity and -20 from ${pct(TOKEN.deployerShareHigh)}.`,
  },
  DEPLOYER_DUMPED: {
    appliesTo: ["token"],
    severity: "high",
    points: -25,
    category: "exit_risk",
    title: "deployer sold most of its tokens",
    rule: `The deployer sold into the token's pools at least ${pct(TOKEN.deployerDumpShare)} of its holding (peak balance minus the liquidity it provided).`,
  },
  DEPLOYER_LOW_TRUST: {
    appliesTo: ["token", "nft", "contract"],
    severity: "medium",
    points: -10,
    category: "history",
    title: "deployer has a low trust score",
    rule: "The deployer's own wallet score is LOW; high severity and -20 when it is BLOCKED.",
  },
  NO_LIQUIDITY: {
    appliesTo: ["token"],
    severity: "medium",
    points: -15,
    category: "market_integrity",
    title: "no liquidity",
    rule: "No pool was found for the token, or every pool's reserves are empty.",
  },
  LOW_LIQUIDITY: {
    appliesTo: ["token"],
    severity: "low",
    points: -5,
    category: "market_integrity",
    title: "thin liquidity",
    rule: `Pool liquidity (twice the priced quote reserves) is below $${TOKEN.lowLiquidityUsd}.`,
  },
  LIQUIDITY_REMOVED: {
    appliesTo: ["token"],
    severity: "medium",
    points: -15,
    category: "exit_risk",
    title: "liquidity removed",
    rule: `An address other than the deployer or owner removed at least ${pct(TOKEN.rugLiquidityShare)} of the liquidity ever added to a pool.`,
  },
  YOUNG_CONTRACT: {
    appliesTo: ["token", "nft", "contract"],
    severity: "low",
    points: -5,
    category: "history",
    title: "very young contract",
    rule: `The contract was created less than ${TOKEN.youngContractDays} days ago (chain time).`,
  },
  OWNER_CAN_MINT: {
    appliesTo: ["token"],
    severity: "medium",
    points: -10,
    category: "control",
    title: "owner can mint",
    rule: "The bytecode dispatches mint(address,uint256) 0x40c10f19 or mint(uint256) 0xa0712d68, or a simulated call to any dispatched function by the owner (or a hidden owner) raised totalSupply and a holder's balance, alone or right after a call in which the same caller named itself (setVault(caller), addMinter(caller)) that a stranger cannot make. Info only when ownership is renounced and no hidden owner can call it. Low (-3) when the proven mint is bounded: the same call made again right after mints nothing and a larger amount does not mint more (a one-time allocation, a capped yearly inflation); its evidence says which reach was measured.",
  },
  OWNER_CAN_BLACKLIST: {
    appliesTo: ["token"],
    severity: "medium",
    points: -10,
    category: "control",
    title: "owner can blacklist holders",
    rule: "The bytecode dispatches a blacklist/bot/freeze setter (e.g. blacklist(address) 0xf9f92be4, addBlackList 0x0ecb93c0, setBlacklist 0x153b0d1e, setBots 0x9c0db5f3, freezeAccount 0xe724529c), or after a simulated privileged call naming a holder that holder could no longer transfer while others could. Info only when ownership is renounced and no hidden owner can call it.",
  },
  OWNER_CAN_PAUSE: {
    appliesTo: ["token", "contract"],
    severity: "low",
    points: -5,
    category: "control",
    title: "owner can pause transfers",
    rule: "The bytecode dispatches pause() 0x8456cb59, or after a simulated privileged call no holder could transfer, or (a token nobody can transfer yet) the call names the contract every transfer asks: named as code that approves every call, holders could transfer; as code that refuses, none could. Info only when ownership is renounced and no hidden owner can call it.",
  },
  OWNER_CAN_SET_FEES: {
    appliesTo: ["token"],
    severity: "medium",
    points: -10,
    category: "control",
    title: "owner can change fees",
    rule: "The bytecode dispatches a fee/tax setter (e.g. setFee 0x69fe0e2d, setFees 0x0b78f9c0, setTaxFee 0xc4081a4c, setSellFee 0x8b4cee08, setTaxes 0xc647b20e), or after a simulated privileged call a holder's simulated sell kept at least 5 points more or less as tax (or reverted while transfers worked). Info only when ownership is renounced and no hidden owner can call it.",
  },
  UPGRADEABLE_PROXY: {
    appliesTo: ["token", "nft", "contract"],
    severity: "medium",
    points: -8,
    category: "control",
    title: "upgradeable: code can be replaced",
    rule: "The bytecode dispatches upgradeTo(address) 0x3659cfe6 or upgradeToAndCall(address,bytes) 0x4f1ef286, or pushes an EIP-1967 implementation/beacon slot constant, or (tokens) its EIP-1967 implementation, beacon or EIP-1822 slot holds an implementation: the evidence names it (its code is the one analysed) and who can upgrade, the admin or beacon and its owner() classified EOA, contract or timelock. (An immutable EIP-1167 clone is not upgradeable; its implementation's code is stated as a limitation.)",
  },
} as const satisfies Record<string, FlagRule>;

/**
 * Capabilities proven by behaviour (opcodes, storage, simulated calls) and their use in history (issue 17).
 * The selector tables above stay the fast first pass; these read what the code does, whatever its names.
 */
const CAPABILITY_FLAGS = {
  HIDDEN_OWNER: {
    appliesTo: ["token"],
    severity: "high",
    points: -25,
    category: "control",
    title: "hidden owner",
    rule: "An address other than owner() (kept in a storage slot, or the deployer after renouncing) can still call a privileged function: a simulated call from it had an effect (mint, balance change, blacklist, pause or fee) that the same call from a random address did not; a mint's reach is said, bounded (one-time or capped) or any amount. (Taking ownership back alone is OWNERSHIP_TAKE_BACK.)",
  },
  OWNERSHIP_TAKE_BACK: {
    appliesTo: ["token"],
    severity: "high",
    points: -25,
    category: "control",
    title: "ownership can be taken back",
    rule: "A simulated call by a stored address or the deployer (not the current owner) made it owner() again, and the same call from a random address did not: a renounced token can be un-renounced (the function, caller, storage slot and owner before/after in the evidence).",
  },
  OWNER_CAN_CHANGE_BALANCE: {
    appliesTo: ["token"],
    severity: "high",
    points: -25,
    category: "control",
    title: "owner can rewrite balances",
    rule: "A simulated privileged call to a function other than transfer/transferFrom changed a holder's balance (a write to its key of the balance mapping) without a matching transfer from the caller, or raised the caller's own balance by more than the contract's own holdings fell (an owner-only 'reflection' or 'airdrop' credit, with or without a Transfer event).",
  },
  OWNER_CAN_TAKE_HELD_TOKENS: {
    appliesTo: ["token"],
    severity: "medium",
    points: -15,
    category: "control",
    title: "owner can take the tokens the contract holds",
    rule: "A simulated privileged call moved tokens the token contract itself held (fees it collected, a reserve) to the caller or to an address the call named, supply unchanged, and the same call from a random address did not: holders' fees or deposits can be withdrawn (function, caller and balances in the evidence).",
  },
  OWNER_CAN_REDIRECT_FEES: {
    appliesTo: ["token"],
    severity: "low",
    points: -5,
    category: "control",
    title: "owner chooses where holders' fees go",
    rule: "A simulated privileged call naming a fresh address made that address receive tokens or native coin while simulated holders transferred and sold (their fee credited to it, or the coin of the contract's swap of the fees it collected), and the same call from a random address did not: the fee wallet is whatever the caller says (function, caller, address and amounts in the evidence). Not a hidden owner on its own.",
  },
  SELF_DESTRUCT: {
    appliesTo: ["token", "nft", "contract"],
    severity: "medium",
    points: -10,
    category: "control",
    title: "code can self-destruct",
    rule: "The live runtime code (or a proxy's implementation) contains the SELFDESTRUCT opcode (0xff), found by a disassembler that skips PUSH data and compiler metadata.",
  },
  EXTERNAL_CALL_IN_TRANSFER: {
    appliesTo: ["token"],
    severity: "medium",
    points: -10,
    category: "control",
    title: "transfers call outside code",
    rule: "A traced plain transfer by a holder (debug_traceCall) made a CALL, CALLCODE or DELEGATECALL to another contract (not the token's own implementation, not a precompile): code the holder cannot see runs in every transfer. High (-30) when that transfer reverted: the outside code stopped it, or is not there. The holder traced is the largest ordinary holder, else the owner or deployer when they hold the token.",
  },
  CANNOT_SELL_ALL: {
    appliesTo: ["token"],
    severity: "critical",
    points: -60,
    category: "market_integrity",
    title: "holders cannot sell their whole balance",
    rule: "A simulated sell of 1% of a holder's balance goes through while a sell of 100% of it reverts. Blocking.",
  },
  TRADING_COOLDOWN: {
    appliesTo: ["token"],
    severity: "medium",
    points: -8,
    category: "market_integrity",
    title: "trading cooldown",
    rule: "Two simulated sells of the same size by one holder, back to back in one block: the first goes through and the second reverts.",
  },
  ANTI_WHALE: {
    appliesTo: ["token"],
    severity: "low",
    points: -3,
    category: "market_integrity",
    title: "maximum trade size",
    rule: "A simulated small buy goes through while a buy of a large share of the supply (about 3%) reverts.",
  },
  BALANCE_WITHOUT_TRANSFER: {
    appliesTo: ["token"],
    severity: "high",
    points: -25,
    category: "market_integrity",
    title: "balance written without a Transfer event",
    rule: `With the token's complete transfer history, an address sent at least twice what Transfer events ever gave it, the excess being at least ${TOKEN.unbackedBalanceShare * 100}% of the supply (the deployer is allowed the part of totalSupply no mint event accounts for): its balance was written without a Transfer event (constructor assembly, a privileged credit), and holder lists built from events miss such balances.`,
  },
  IMPERSONATES_OFFICIAL: {
    appliesTo: ["token"],
    severity: "high",
    points: -30,
    category: "market_integrity",
    title: "imitates an official token",
    rule: "Its name or symbol, folded (case, accents, separators and look-alike characters such as 0/o, Cyrillic с/c), equals that of a configured official issuer, DEX quote token or well-known token (WELL_KNOWN_TOKENS) at another address, or that of a token on the shipped list of well-known names and symbols (Tether USD/USDT, USD Coin/USDC, DAI, WETH, WBTC, BUSD, BNB/WBNB, SHIB, UNI, LINK, PEPE, ...; symbols of 3+ characters) that no configured reference spells: a configured address wins.",
  },
  AIRDROP_SPAM: {
    appliesTo: ["token"],
    severity: "medium",
    points: -15,
    category: "manipulation",
    title: "mass airdrop to passive addresses",
    rule: `One sender (not a pool) sent the token to at least ${TOKEN.airdropMinRecipients} distinct addresses within 24 h, and at least ${Math.round(TOKEN.airdropPassiveShare * 100)}% of its recipients never sent it on.`,
  },
  OWNERSHIP_RENOUNCED: {
    appliesTo: ["token"],
    severity: "info",
    points: 0,
    category: "control",
    title: "ownership renounced",
    rule: "owner() is the zero address, no pendingOwner() is set, and no stored address or the deployer could use a privileged function in simulation.",
  },
  MINTED_AFTER_LAUNCH: {
    appliesTo: ["token"],
    severity: "high",
    points: -25,
    category: "control",
    title: "supply minted after launch",
    rule: "Tokens were minted (a Transfer from the zero address) in a block after the launch (the first liquidity added to a pool, or the first mint when there is no pool).",
  },
  WAS_PAUSED: {
    appliesTo: ["token"],
    severity: "medium",
    points: -10,
    category: "control",
    title: "transfers were paused",
    rule: "A mined transaction called a function that the simulations show halts every holder's transfers.",
  },
  HOLDERS_BLACKLISTED: {
    appliesTo: ["token"],
    severity: "high",
    points: -25,
    category: "control",
    title: "holders were blacklisted",
    rule: "Mined transactions called a function the simulations show freezes the holder it names (the holders are listed), or real holders cannot transfer now while a fresh address can.",
  },
  FEE_RAISED: {
    appliesTo: ["token"],
    severity: "high",
    points: -20,
    category: "control",
    title: "fees were raised",
    rule: `A mined transaction called a function the simulations show changes the sell tax, with a higher value than the call before it (from/to), or, with one such call, the measured sell tax is at least ${TOKEN.taxBps / 100}%.`,
  },
  IMPLEMENTATION_CHANGED: {
    appliesTo: ["token"],
    severity: "medium",
    points: -10,
    category: "control",
    title: "implementation was changed",
    rule: "The proxy (or, for a beacon proxy, its beacon) emitted Upgraded(address) more than once: its code was replaced after deployment. The evidence gives the last change's block and chain time and its old and new implementation.",
  },
} as const satisfies Record<string, FlagRule>;

const NFT_FLAGS = {
  NFT_WASH_TRANSFERS: {
    appliesTo: ["nft"],
    severity: "high",
    points: -20,
    category: "manipulation",
    title: "items bouncing between two holders",
    rule: `At least ${NFT.washMinBounces} times an item went back from B to A within ${NFT.washWindowSeconds / 86_400} days of going from A to B.`,
  },
  NFT_MINT_CONCENTRATION: {
    appliesTo: ["nft"],
    severity: "medium",
    points: -10,
    category: "concentration",
    title: "mints concentrated in one address",
    rule: `With at least ${NFT.mintConcentrationMinItems} items minted, one address received ${pct(NFT.mintConcentrationShare)} or more of them.`,
  },
  NFT_CREATOR_DUMPING: {
    appliesTo: ["nft"],
    severity: "medium",
    points: -15,
    category: "exit_risk",
    title: "creator dumped its items",
    rule: `The creator sent out at least ${pct(NFT.creatorDumpShare)} of its peak holding (min ${NFT.creatorDumpMinItems} items) within ${NFT.creatorDumpWindowSeconds / 3600} h, starting a day or more after its first mint (launch distribution is not dumping).`,
  },
  NFT_HOLDER_CONCENTRATION: {
    appliesTo: ["nft"],
    severity: "medium",
    points: -10,
    category: "concentration",
    title: "one holder owns most items",
    rule: `With at least ${NFT.holderConcentrationMinItems} items outstanding, one holder owns ${pct(NFT.holderConcentrationShare)} or more.`,
  },
  NFT_PRIVILEGED_MINT: {
    appliesTo: ["nft"],
    severity: "medium",
    points: -10,
    category: "control",
    title: "a privileged caller can mint",
    rule: "A simulated call to a dispatched function (whatever its name) by the owner, a pending owner, an address kept in storage or the deployer raised totalSupply or a named balance, and the same call from a random address did not.",
  },
  NFT_OVERSUPPLY_MINT: {
    appliesTo: ["nft"],
    severity: "high",
    points: -25,
    category: "control",
    title: "can mint beyond its max supply",
    rule: "The collection declares a cap (maxSupply(), MAX_SUPPLY(), maxTokens(), MAX_TOKENS(), cap()) and a simulated call to a function that mints, asking for one item more than the cap leaves, took totalSupply above it.",
  },
  NFT_METADATA_MUTABLE: {
    appliesTo: ["nft"],
    severity: "low",
    points: -5,
    category: "control",
    title: "metadata can be changed",
    rule: "A simulated privileged call (the same call from a random address did not) changed tokenURI(id) (ERC-1155: uri(id)) of an existing item; medium severity and -15 when a random address can change it.",
  },
  NFT_METADATA_FROZEN: {
    appliesTo: ["nft"],
    severity: "info",
    points: 0,
    category: "control",
    title: "metadata did not change under any probed call",
    rule: "An existing item's token URI was read, every dispatched non-standard function was tried by every candidate caller and a random address with every argument layout, none changed it, and the collection is not an upgradeable proxy.",
  },
  NFT_PRIVILEGED_BURN: {
    appliesTo: ["nft"],
    severity: "high",
    points: -20,
    category: "control",
    title: "a privileged caller can burn holders' items",
    rule: "A simulated privileged call destroyed an item held by someone else (ownerOf reverts or is zero afterwards; ERC-1155: the holder's balance fell and nobody named in the call gained), and the same call from a random address did not.",
  },
  NFT_OPERATOR_BACKDOOR: {
    appliesTo: ["nft"],
    severity: "high",
    points: -25,
    category: "control",
    title: "a privileged caller can move holders' items",
    rule: "A simulated privileged call moved an item held by someone else to another address without the holder's approval, and the same call from a random address did not.",
  },
  NFT_ANYONE_CAN_TAKE: {
    appliesTo: ["nft"],
    severity: "critical",
    points: -60,
    category: "control",
    title: "anyone can burn or move holders' items",
    rule: "A simulated call by a random address, with no role and no approval, burned or moved an item held by someone else. Blocking.",
  },
} as const satisfies Record<string, FlagRule>;

const CONTRACT_FLAGS = {
  HIGH_FAILURE_RATE: {
    appliesTo: ["contract"],
    severity: "low",
    points: -5,
    category: "market_integrity",
    title: "most calls fail",
    rule: `With at least ${CONTRACT.failureRateMinTransactions} transactions, ${pct(CONTRACT.failureRateShare)} or more reverted.`,
  },
} as const satisfies Record<string, FlagRule>;

/**
 * Staking gaming codes (the API contract StakingSignal rules 2, 4, 5, 6). The staking analysis raises them;
 * wallet scoring turns each into a wallet flag, and any of them zeroes the staking boost.
 * An unknown code from the staking analysis is reported as STAKING_GAMING.
 */
const STAKING_FLAGS = {
  STAKE_ON_OWN_TOKEN: {
    appliesTo: ["wallet"],
    severity: "medium",
    points: -10,
    category: "staking",
    title: "stakes a token it deployed",
    rule: "The wallet stakes a token it deployed itself; such stakes earn no points.",
  },
  STAKING_RING: {
    appliesTo: ["wallet"],
    severity: "high",
    points: -15,
    category: "staking",
    title: "staking ring",
    rule: "The wallet belongs to a group of wallets staking toward each other's contracts; the stakes are voided.",
  },
  STAKE_CHURN: {
    appliesTo: ["wallet"],
    severity: "medium",
    points: -10,
    category: "staking",
    title: "stake/unstake churn",
    rule: "The wallet repeatedly stakes and unstakes within a day, farming stake events without commitment.",
  },
  UNSTAKE_AFTER_DEPLOY: {
    appliesTo: ["wallet"],
    severity: "medium",
    points: -10,
    category: "staking",
    title: "unstaked right after deploying",
    rule: "The wallet unstaked shortly after deploying a contract (capital pulled to launch something).",
  },
  STAKING_GAMING: {
    appliesTo: ["wallet"],
    severity: "medium",
    points: -10,
    category: "staking",
    title: "staking gaming pattern",
    rule: "Any other gaming pattern reported by the staking analysis.",
  },
} as const satisfies Record<string, FlagRule>;

/** Flags from the transfer graph (graph trust): clusters found over funding, sweeps and co-trading. */
const GRAPH_FLAGS = {
  SYBIL_CLUSTER: {
    appliesTo: ["wallet"],
    severity: "high",
    points: -20,
    category: "sybil",
    title: "member of a sybil cluster",
    rule: `The wallet is a member of a cluster of at least ${GRAPH_TRUST.clusterMinMembers} wallets (a Louvain community of the funding, sweep and co-trading graph) where at least ${GRAPH_TRUST.clusterMinFamilies} independent evidence families each cover ${pct(GRAPH_TRUST.familyMinShare)} of the wallets: one funding source within ${GRAPH_TRUST.fundingWindowSeconds / 3600} h (funding followed through up to ${GRAPH_TRUST.fundingDepth} relays that pass money on within ${GRAPH_TRUST.relayMaxHoldSeconds / 3600} h), one sweep destination, sends within ${GRAPH_TRUST.timingWindowBlocks} block(s), amounts within ${bps(GRAPH_TRUST.amountToleranceBps)}, or buys of one token within ${GRAPH_TRUST.coTradingWindowBlocks} blocks; the wallet takes part in at least ${GRAPH_TRUST.memberMinFamilies} of them. The funder, relays and sweep address are not members.`,
  },
  HOLDERS_IN_ONE_CLUSTER: {
    appliesTo: ["token"],
    severity: "medium",
    points: -10,
    category: "sybil",
    title: "holders concentrated in one sybil cluster",
    rule: `At least ${GRAPH_TRUST.holdersClusterMinHolders} of the assessed holders (outside pools, deployer and owner), and ${pct(GRAPH_TRUST.holdersClusterMinShare)} or more of them, belong to one SYBIL_CLUSTER; high severity and -20 from ${pct(GRAPH_TRUST.holdersClusterHighShare)}.`,
  },
} as const satisfies Record<string, FlagRule>;

/** Screening on every answer, whatever the subject (issue 33 item 4): lists, not behaviour. */
const SCREENING_FLAGS = {
  SANCTIONED: {
    appliesTo: ["wallet", "token", "nft", "contract"],
    severity: "critical",
    points: -100,
    category: "history",
    title: "on a sanctions list",
    rule: "The address is on the sanctions list in use (OFAC SDN digital-currency addresses from a dated snapshot, plus any configured extra list). The evidence names the list, its source and its date. Blocking.",
  },
  USDC_BLACKLISTED: {
    appliesTo: ["wallet", "token", "nft", "contract"],
    severity: "high",
    points: -40,
    category: "history",
    title: "frozen by USDC's issuer",
    rule: "USDC's own isBlacklisted(address) answers true when the answer is computed: the issuer froze the address, which can neither send nor receive USDC.",
  },
} as const satisfies Record<string, FlagRule>;

/** Every flag code Credence can raise, with its rule. docs/flags.md's table is copied from here. */
export const FLAG_CATALOGUE = {
  ...WALLET_FLAGS,
  ...TOKEN_FLAGS,
  ...CAPABILITY_FLAGS,
  ...NFT_FLAGS,
  ...CONTRACT_FLAGS,
  ...STAKING_FLAGS,
  ...GRAPH_FLAGS,
  ...SCREENING_FLAGS,
} as const satisfies Record<string, FlagRule>;

export type FlagCode = keyof typeof FLAG_CATALOGUE;

export const STAKING_FLAG_CATALOGUE = STAKING_FLAGS;
export type StakingFlagCode = keyof typeof STAKING_FLAGS;

export function flagRule(code: FlagCode): FlagRule {
  return FLAG_CATALOGUE[code];
}

export function isFlagCode(value: string): value is FlagCode {
  return Object.prototype.hasOwnProperty.call(FLAG_CATALOGUE, value);
}
