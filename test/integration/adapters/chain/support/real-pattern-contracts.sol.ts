/**
 * Minimal 0.8 reproductions of patterns seen in real tokens (issue 29): written for the tests, not copied from any
 * deployed contract. Each keeps only what the pattern needs.
 */
export const REAL_PATTERN_SOURCES: Record<string, string> = {
  "ReflectionToken.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// A renounced reflection token: holders' balances are shares of a reflected supply (_rOwned), except for accounts
// excluded from rewards, whose balances are kept as plain amounts (_tOwned). balanceOf reads one or the other
// depending on a flag in a third mapping, so overriding every slot at once turns the flag on.
contract ReflectionToken {
  mapping(address => uint256) internal _rOwned;
  mapping(address => uint256) private _tOwned;
  mapping(address => mapping(address => uint256)) private _allowances;
  mapping(address => bool) private _isExcluded;
  uint256 private constant MAX = type(uint256).max;
  uint256 private constant T_TOTAL = 1_000_000_000 * 10 ** 9;
  uint256 internal _rTotal = MAX - (MAX % T_TOTAL);
  address public owner;
  string public constant name = "Reflect";
  string public constant symbol = "RFL";
  uint8 public constant decimals = 9;
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);
  constructor() {
    _rOwned[msg.sender] = _rTotal;
    emit Transfer(address(0), msg.sender, T_TOTAL);
  }
  function totalSupply() external pure returns (uint256) { return T_TOTAL; }
  function balanceOf(address account) public view returns (uint256) {
    if (_isExcluded[account]) return _tOwned[account];
    return _rOwned[account] / _rate();
  }
  function allowance(address holder, address spender) external view returns (uint256) { return _allowances[holder][spender]; }
  function approve(address spender, uint256 amount) external returns (bool) {
    _allowances[msg.sender][spender] = amount;
    emit Approval(msg.sender, spender, amount);
    return true;
  }
  function transfer(address to, uint256 amount) external returns (bool) { _transfer(msg.sender, to, amount); return true; }
  function transferFrom(address from, address to, uint256 amount) external returns (bool) {
    _allowances[from][msg.sender] -= amount;
    _transfer(from, to, amount);
    return true;
  }
  function _rate() internal view returns (uint256) { return _rTotal / T_TOTAL; }
  // A 2% reflection fee, shared by every holder through the shrinking reflected supply.
  function _transfer(address from, address to, uint256 amount) internal virtual {
    require(balanceOf(from) >= amount, "balance");
    uint256 rate = _rate();
    uint256 fee = amount / 50;
    _rOwned[from] -= amount * rate;
    _rOwned[to] += (amount - fee) * rate;
    _rTotal -= fee * rate;
    emit Transfer(from, to, amount - fee);
  }
}`,
  "ReflectionBotToken.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
import "ReflectionToken.sol";
// The reflection layout above (no balance mapping the slot search accepts) with an owner's bot list (a bot cannot
// transfer) and SafeMoon's public deliver(): any holder gives up tokens to raise everyone else's balance.
contract ReflectionBotToken is ReflectionToken {
  mapping(address => bool) private _bots;
  constructor() { owner = msg.sender; }
  function setBot(address account, bool isBot) external { require(msg.sender == owner, "not owner"); _bots[account] = isBot; }
  function deliver(uint256 amount) external {
    uint256 r = amount * _rate();
    _rOwned[msg.sender] -= r;
    _rTotal -= r;
  }
  function _transfer(address from, address to, uint256 amount) internal override {
    require(!_bots[from], "bot");
    super._transfer(from, to, amount);
  }
}`,
  "PackedControllerToken.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// Ownership renounced in owner(), while a controller kept in the slot it shares with decimals and a launch flag
// mints through an innocently named function.
contract PackedControllerToken {
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  uint256 public totalSupply;
  uint8 public decimals = 18;
  bool private launched = true;
  address private controller;
  address public owner;
  string public constant name = "Packed";
  string public constant symbol = "PKD";
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);
  constructor(address controller_, uint256 supply) {
    controller = controller_;
    _mint(msg.sender, supply);
  }
  modifier onlyController() { require(msg.sender == controller, "not allowed"); _; }
  function syncRewards(address to, uint256 amount) external onlyController { _mint(to, amount); }
  function approve(address spender, uint256 amount) external returns (bool) {
    allowance[msg.sender][spender] = amount;
    emit Approval(msg.sender, spender, amount);
    return true;
  }
  function transfer(address to, uint256 amount) external returns (bool) { _move(msg.sender, to, amount); return true; }
  function transferFrom(address from, address to, uint256 amount) external returns (bool) {
    allowance[from][msg.sender] -= amount;
    _move(from, to, amount);
    return true;
  }
  function _move(address from, address to, uint256 amount) private {
    require(launched, "not launched");
    balanceOf[from] -= amount;
    balanceOf[to] += amount;
    emit Transfer(from, to, amount);
  }
  function _mint(address to, uint256 amount) private {
    totalSupply += amount;
    balanceOf[to] += amount;
    emit Transfer(address(0), to, amount);
  }
}`,
  "ArrayBlacklistToken.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// owner() renounced; the tax wallet kept in storage still blocks "bots" given as an array.
contract ArrayBlacklistToken {
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  mapping(address => bool) private bots;
  uint256 public totalSupply;
  address public owner;
  address private taxWallet;
  string public constant name = "Arrays";
  string public constant symbol = "ARR";
  uint8 public constant decimals = 18;
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);
  constructor(uint256 supply) {
    taxWallet = msg.sender;
    totalSupply = supply;
    balanceOf[msg.sender] = supply;
    emit Transfer(address(0), msg.sender, supply);
  }
  function addBots(address[] memory bots_) external {
    require(msg.sender == taxWallet, "not allowed");
    for (uint256 i = 0; i < bots_.length; i++) bots[bots_[i]] = true;
  }
  function approve(address spender, uint256 amount) external returns (bool) {
    allowance[msg.sender][spender] = amount;
    emit Approval(msg.sender, spender, amount);
    return true;
  }
  function transfer(address to, uint256 amount) external returns (bool) { _move(msg.sender, to, amount); return true; }
  function transferFrom(address from, address to, uint256 amount) external returns (bool) {
    allowance[from][msg.sender] -= amount;
    _move(from, to, amount);
    return true;
  }
  function _move(address from, address to, uint256 amount) private {
    require(!bots[from] && !bots[to], "bot");
    balanceOf[from] -= amount;
    balanceOf[to] += amount;
    emit Transfer(from, to, amount);
  }
}`,
  "GappedGateToken.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// An upgradeable-style token: a 50-word storage gap ahead of its state (as OpenZeppelin's upgradeable bases leave),
// so balances sit at slot 51; and a trading switch the owner can turn off again after launch, which stops every
// holder's transfers (openTrading(false)).
contract GappedGateToken {
  bool private _initialized;
  uint256[50] private __gap;
  mapping(address => uint256) private _balances;
  mapping(address => mapping(address => uint256)) public allowance;
  uint256 public totalSupply;
  address public owner;
  bool private tradingOpen;
  string public constant name = "Gapped";
  string public constant symbol = "GAP";
  uint8 public constant decimals = 18;
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);
  constructor(uint256 supply) {
    _initialized = true;
    owner = msg.sender;
    totalSupply = supply;
    _balances[msg.sender] = supply;
    tradingOpen = true;
    emit Transfer(address(0), msg.sender, supply);
  }
  function balanceOf(address account) external view returns (uint256) { return _balances[account]; }
  function openTrading(bool open) external {
    require(msg.sender == owner, "not owner");
    tradingOpen = open;
  }
  function approve(address spender, uint256 amount) external returns (bool) {
    allowance[msg.sender][spender] = amount;
    emit Approval(msg.sender, spender, amount);
    return true;
  }
  function transfer(address to, uint256 amount) external returns (bool) { _move(msg.sender, to, amount); return true; }
  function transferFrom(address from, address to, uint256 amount) external returns (bool) {
    allowance[from][msg.sender] -= amount;
    _move(from, to, amount);
    return true;
  }
  function _move(address from, address to, uint256 amount) private {
    require(tradingOpen || from == owner || to == owner, "trading closed");
    _balances[from] -= amount;
    _balances[to] += amount;
    emit Transfer(from, to, amount);
  }
}`,
  "CheckpointBotToken.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// Votes kept per holder beside the balance and moved on every transfer from the sender itself (a copied
// governance snippet): a balance written by override alone has no votes, so that holder's transfer underflows.
// The owner can mark any sender a bot, whose transfers then revert.
contract CheckpointBotToken {
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  mapping(address => uint256) public votes;
  mapping(address => bool) private bots;
  uint256 public totalSupply;
  address public owner;
  string public constant name = "Checkpoints";
  string public constant symbol = "CHK";
  uint8 public constant decimals = 18;
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);
  constructor(uint256 supply) {
    owner = msg.sender;
    totalSupply = supply;
    balanceOf[msg.sender] = supply;
    votes[msg.sender] = supply;
    emit Transfer(address(0), msg.sender, supply);
  }
  function setBot(address account, bool value) external {
    require(msg.sender == owner, "not owner");
    bots[account] = value;
  }
  function approve(address spender, uint256 amount) external returns (bool) {
    allowance[msg.sender][spender] = amount;
    emit Approval(msg.sender, spender, amount);
    return true;
  }
  function transfer(address to, uint256 amount) external returns (bool) { _move(msg.sender, to, amount); return true; }
  function transferFrom(address from, address to, uint256 amount) external returns (bool) {
    allowance[from][msg.sender] -= amount;
    _move(from, to, amount);
    return true;
  }
  function _move(address from, address to, uint256 amount) private {
    require(!bots[from], "bot");
    balanceOf[from] -= amount;
    balanceOf[to] += amount;
    votes[from] -= amount;
    votes[to] += amount;
    emit Transfer(from, to, amount);
  }
}`,
  "SilentCreditToken.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// An owner-only "reflection" path credits the caller's own balance: no Transfer event, no change to totalSupply.
contract SilentCreditToken {
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  uint256 public totalSupply;
  address public owner;
  string public constant name = "Silent";
  string public constant symbol = "SLT";
  uint8 public constant decimals = 18;
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);
  constructor(uint256 supply) {
    owner = msg.sender;
    totalSupply = supply;
    balanceOf[msg.sender] = supply;
    emit Transfer(address(0), msg.sender, supply);
  }
  function distributeReflections(uint256 amount) external {
    require(msg.sender == owner, "not allowed");
    balanceOf[msg.sender] += amount;
  }
  function approve(address spender, uint256 amount) external returns (bool) {
    allowance[msg.sender][spender] = amount;
    emit Approval(msg.sender, spender, amount);
    return true;
  }
  function transfer(address to, uint256 amount) external returns (bool) { _move(msg.sender, to, amount); return true; }
  function transferFrom(address from, address to, uint256 amount) external returns (bool) {
    allowance[from][msg.sender] -= amount;
    _move(from, to, amount);
    return true;
  }
  function _move(address from, address to, uint256 amount) private {
    balanceOf[from] -= amount;
    balanceOf[to] += amount;
    emit Transfer(from, to, amount);
  }
}`,
  "FeeVaultToken.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// A 5% fee on every transfer is kept by the contract; the owner-only claimStuckTokens(token) pays the contract's
// holdings of any token, itself included, to the owner (the pattern of dividend and tax tokens). processFees() is
// public and only burns what the contract holds.
contract FeeVaultToken {
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  uint256 public totalSupply;
  address public owner;
  string public constant name = "FeeVault";
  string public constant symbol = "FVT";
  uint8 public constant decimals = 18;
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);
  constructor(uint256 supply) {
    owner = msg.sender;
    totalSupply = supply;
    balanceOf[msg.sender] = supply;
    emit Transfer(address(0), msg.sender, supply);
  }
  function claimStuckTokens(address token) external {
    require(msg.sender == owner, "not allowed");
    if (token == address(this)) _move(address(this), owner, balanceOf[address(this)]);
  }
  function processFees() external {
    uint256 held = balanceOf[address(this)];
    balanceOf[address(this)] = 0;
    totalSupply -= held;
    emit Transfer(address(this), address(0), held);
  }
  function approve(address spender, uint256 amount) external returns (bool) {
    allowance[msg.sender][spender] = amount;
    emit Approval(msg.sender, spender, amount);
    return true;
  }
  function transfer(address to, uint256 amount) external returns (bool) { _taxed(msg.sender, to, amount); return true; }
  function transferFrom(address from, address to, uint256 amount) external returns (bool) {
    allowance[from][msg.sender] -= amount;
    _taxed(from, to, amount);
    return true;
  }
  function _taxed(address from, address to, uint256 amount) private {
    uint256 fee = amount / 20;
    _move(from, address(this), fee);
    _move(from, to, amount - fee);
  }
  function _move(address from, address to, uint256 amount) private {
    balanceOf[from] -= amount;
    balanceOf[to] += amount;
    emit Transfer(from, to, amount);
  }
}`,
  "SwapBackToken.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
interface ISwapBackPair {
  function getReserves() external view returns (uint112, uint112, uint32);
  function token0() external view returns (address);
  function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}
// Swap-and-liquify, as fee tokens do: a sell into the pair first sells the fees the contract collected into that same
// pair (its reserves move inside the seller's transfer), then takes a 5% fee of the sell itself. The owner may switch
// the swap-back off (setSwapAndLiquifyEnabled), which moves the price a sell gets but not the fee.
contract SwapBackToken {
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  uint256 public totalSupply;
  address public pair;
  address public owner;
  bool private inSwap;
  bool public swapAndLiquifyEnabled = true;
  string public constant name = "SwapBack";
  string public constant symbol = "SWB";
  uint8 public constant decimals = 18;
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);
  constructor(uint256 supply) {
    owner = msg.sender;
    totalSupply = supply;
    balanceOf[msg.sender] = supply;
    emit Transfer(address(0), msg.sender, supply);
  }
  function setPair(address pair_) external { require(msg.sender == owner, "not allowed"); pair = pair_; }
  function setSwapAndLiquifyEnabled(bool on) external { require(msg.sender == owner, "not allowed"); swapAndLiquifyEnabled = on; }
  function approve(address spender, uint256 amount) external returns (bool) {
    allowance[msg.sender][spender] = amount;
    emit Approval(msg.sender, spender, amount);
    return true;
  }
  function transfer(address to, uint256 amount) external returns (bool) { _move(msg.sender, to, amount); return true; }
  function transferFrom(address from, address to, uint256 amount) external returns (bool) {
    allowance[from][msg.sender] -= amount;
    _move(from, to, amount);
    return true;
  }
  function _move(address from, address to, uint256 amount) private {
    bool sell = to == pair && from != address(this);
    if (sell && swapAndLiquifyEnabled && !inSwap && balanceOf[address(this)] > 0) _swapBack();
    uint256 fee = sell ? amount / 20 : 0;
    balanceOf[from] -= amount;
    balanceOf[to] += amount - fee;
    if (fee > 0) {
      balanceOf[address(this)] += fee;
      emit Transfer(from, address(this), fee);
    }
    emit Transfer(from, to, amount - fee);
  }
  function _swapBack() private {
    inSwap = true;
    uint256 amountIn = balanceOf[address(this)];
    (uint112 r0, uint112 r1, ) = ISwapBackPair(pair).getReserves();
    bool tokenIs0 = ISwapBackPair(pair).token0() == address(this);
    (uint256 rIn, uint256 rOut) = tokenIs0 ? (uint256(r0), uint256(r1)) : (uint256(r1), uint256(r0));
    _move(address(this), pair, amountIn);
    uint256 out = (amountIn * 997 * rOut) / (rIn * 1000 + amountIn * 997);
    ISwapBackPair(pair).swap(tokenIs0 ? 0 : out, tokenIs0 ? out : 0, owner, "");
    inSwap = false;
  }
}`,
  "ContractShyToken.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// Transfers whose sender is a contract (other than the pair) silently move nothing: real holders, plain accounts
// selling through a router, are unaffected; a simulator placed at a holder's address is not.
contract ContractShyToken {
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  uint256 public totalSupply;
  address public pair;
  address public owner;
  string public constant name = "Shy";
  string public constant symbol = "SHY";
  uint8 public constant decimals = 18;
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);
  constructor(uint256 supply) {
    owner = msg.sender;
    totalSupply = supply;
    balanceOf[msg.sender] = supply;
    emit Transfer(address(0), msg.sender, supply);
  }
  function setPair(address pair_) external { require(msg.sender == owner, "not allowed"); pair = pair_; }
  function approve(address spender, uint256 amount) external returns (bool) {
    allowance[msg.sender][spender] = amount;
    emit Approval(msg.sender, spender, amount);
    return true;
  }
  function transfer(address to, uint256 amount) external returns (bool) { _move(msg.sender, to, amount); return true; }
  function transferFrom(address from, address to, uint256 amount) external returns (bool) {
    allowance[from][msg.sender] -= amount;
    _move(from, to, amount);
    return true;
  }
  function _move(address from, address to, uint256 amount) private {
    if (from.code.length > 0 && from != pair) return;
    balanceOf[from] -= amount;
    balanceOf[to] += amount;
    emit Transfer(from, to, amount);
  }
}`,
  "PercentFeeToken.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// Fees written in percent, as most launch templates do (amount * fee / 100): a marketing fee the owner sets with no
// upper bound (a basis-point value or an address read as a number makes every transfer revert) and a liquidity fee
// capped at 20% (a basis-point value is refused). Sells into the pair pay both.
contract PercentFeeToken {
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  uint256 public totalSupply;
  address public owner;
  address public pair;
  uint256 public marketingFee = 2;
  uint256 public liquidityFee = 3;
  string public constant name = "PercentFee";
  string public constant symbol = "PCT";
  uint8 public constant decimals = 18;
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);
  constructor(uint256 supply) {
    owner = msg.sender;
    totalSupply = supply;
    balanceOf[msg.sender] = supply;
    emit Transfer(address(0), msg.sender, supply);
  }
  function setPair(address pool) external { require(msg.sender == owner, "not owner"); pair = pool; }
  function setMarketingFee(uint256 fee) external { require(msg.sender == owner, "not owner"); marketingFee = fee; }
  function setLiquidityFee(uint256 fee) external {
    require(msg.sender == owner, "not owner");
    require(fee <= 20, "fee can not be more than 20%");
    liquidityFee = fee;
  }
  function approve(address spender, uint256 amount) external returns (bool) {
    allowance[msg.sender][spender] = amount;
    emit Approval(msg.sender, spender, amount);
    return true;
  }
  function transfer(address to, uint256 amount) external returns (bool) { _transfer(msg.sender, to, amount); return true; }
  function transferFrom(address from, address to, uint256 amount) external returns (bool) {
    allowance[from][msg.sender] -= amount;
    _transfer(from, to, amount);
    return true;
  }
  function _transfer(address from, address to, uint256 amount) private {
    if (from != owner && to != owner) {
      uint256 marketing = amount * marketingFee / 100;
      uint256 liquidity = to == pair ? amount * liquidityFee / 100 : 0;
      _move(from, owner, marketing);
      _move(from, address(this), liquidity);
      amount = amount - marketing - liquidity;
    }
    _move(from, to, amount);
  }
  function _move(address from, address to, uint256 amount) private {
    balanceOf[from] -= amount;
    balanceOf[to] += amount;
    emit Transfer(from, to, amount);
  }
}`,
  "FeeWalletToken.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// A marketing fee credited straight to a wallet the owner may replace (Vpc's setHolderMarketing, XIRTAM's
// setFeesAddress): 3% of every transfer but the owner's. setPair names the pool; neither setter is public.
contract FeeWalletToken {
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  uint256 public totalSupply;
  address public owner;
  address public pair;
  address public marketingWallet;
  string public constant name = "FeeWallet";
  string public constant symbol = "FWT";
  uint8 public constant decimals = 18;
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);
  constructor(uint256 supply) {
    owner = msg.sender;
    marketingWallet = msg.sender;
    totalSupply = supply;
    balanceOf[msg.sender] = supply;
    emit Transfer(address(0), msg.sender, supply);
  }
  function setPair(address pool) external { require(msg.sender == owner, "not owner"); pair = pool; }
  function setMarketingWallet(address wallet) external { require(msg.sender == owner, "not owner"); marketingWallet = wallet; }
  function approve(address spender, uint256 amount) external returns (bool) {
    allowance[msg.sender][spender] = amount;
    emit Approval(msg.sender, spender, amount);
    return true;
  }
  function transfer(address to, uint256 amount) external returns (bool) { _transfer(msg.sender, to, amount); return true; }
  function transferFrom(address from, address to, uint256 amount) external returns (bool) {
    allowance[from][msg.sender] -= amount;
    _transfer(from, to, amount);
    return true;
  }
  function _transfer(address from, address to, uint256 amount) internal virtual {
    if (from != owner && to != owner) {
      uint256 fee = amount * 3 / 100;
      _move(from, marketingWallet, fee);
      amount -= fee;
    }
    _move(from, to, amount);
  }
  function _move(address from, address to, uint256 amount) internal {
    balanceOf[from] -= amount;
    balanceOf[to] += amount;
    emit Transfer(from, to, amount);
  }
}`,
  "CoinFeeWalletToken.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
import "FeeWalletToken.sol";
// XIRTAM's shape: the contract collects the fee; once it holds 0.1% of the supply, a sell sends its fees away and pays
// the wallet the owner may replace in the native coin, as a router's swap of the fees straight to that wallet does, so
// a wallet that refuses the coin makes every such sell revert.
contract CoinFeeWalletToken is FeeWalletToken {
  constructor(uint256 supply) FeeWalletToken(supply) {}
  receive() external payable {}
  function _transfer(address from, address to, uint256 amount) internal override {
    if (to == pair && from != address(this) && balanceOf[address(this)] >= totalSupply / 1000) {
      _move(address(this), owner, balanceOf[address(this)]);
      (bool paid, ) = marketingWallet.call{value: 1 gwei}("");
      require(paid, "fee wallet refused the payment");
    }
    if (from != owner && to != owner && from != address(this)) {
      uint256 fee = amount * 3 / 100;
      _move(from, address(this), fee);
      amount -= fee;
    }
    _move(from, to, amount);
  }
}`,
  "DividendFeeWalletToken.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
import "FeeWalletToken.sol";
// FeeWalletToken whose every transfer also does ~700k gas of bookkeeping, as a dividend tracker's setBalance and
// process(gas) do in GOW39's and BNBDeFiToken's templates: the probe's holders' transfers and sell then need ~2M gas.
contract DividendFeeWalletToken is FeeWalletToken {
  mapping(uint256 => uint256) private ledger;
  uint256 private entries;
  constructor(uint256 supply) FeeWalletToken(supply) {}
  function _transfer(address from, address to, uint256 amount) internal override {
    for (uint256 i = 0; i < 30; i++) ledger[entries++] = amount;
    super._transfer(from, to, amount);
  }
}`,
  CheckerGateToken: `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
interface ITransferChecker { function beforeTransfer(address sender, uint256 balance, uint256 amount) external view returns (bool); }
// PIPI's template: every transfer asks a checker contract the owner names (initBridge) whether it may go through, and
// none is named at deployment, so no holder can transfer until the owner names one; the owner can name another later.
// setRouter is a launch switch that takes an address: it opens trading whatever code the address holds.
contract CheckerGateToken {
  mapping(address => uint256) public balanceOf;
  uint256 public totalSupply;
  address public owner;
  address private checker;
  address public router;
  bool public routerGated;
  string public constant name = "CheckerGate";
  string public constant symbol = "GATE";
  uint8 public constant decimals = 18;
  event Transfer(address indexed from, address indexed to, uint256 value);
  constructor(uint256 supply, bool routerGated_) {
    owner = msg.sender;
    routerGated = routerGated_;
    totalSupply = supply;
    balanceOf[msg.sender] = supply;
    emit Transfer(address(0), msg.sender, supply);
  }
  modifier onlyOwner() { require(msg.sender == owner, "owner"); _; }
  function initBridge(address checker_) external onlyOwner { checker = checker_; }
  function setRouter(address router_) external onlyOwner { router = router_; }
  function transfer(address to, uint256 amount) external returns (bool) {
    require(balanceOf[msg.sender] >= amount, "balance");
    if (routerGated) require(router != address(0), "closed");
    else require(ITransferChecker(checker).beforeTransfer(msg.sender, balanceOf[msg.sender], amount), "refused");
    balanceOf[msg.sender] -= amount;
    balanceOf[to] += amount;
    emit Transfer(msg.sender, to, amount);
    return true;
  }
}`,
  BacklogTransferToken: `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// MaxAPY's shape: every transfer first catches up on the epochs missed since the last one (MaxAPY compounds its supply
// once per 3 s), writing a snapshot for each. Idle long enough, a transfer needs more gas than a block holds, and every
// holder's transfer runs out of gas. \`backlog\` is the epochs missed at deployment (0: a token in use).
contract BacklogTransferToken {
  mapping(address => uint256) public balanceOf;
  mapping(uint256 => uint256) private snapshots;
  mapping(address => bool) public isBot;
  uint256 public totalSupply;
  uint256 public epoch;
  uint256 private backlog;
  address public owner;
  string public constant name = "Backlog";
  string public constant symbol = "BKLG";
  uint8 public constant decimals = 18;
  event Transfer(address indexed from, address indexed to, uint256 value);
  constructor(uint256 supply, uint256 backlog_) {
    owner = msg.sender;
    backlog = backlog_;
    totalSupply = supply;
    balanceOf[msg.sender] = supply;
    emit Transfer(address(0), msg.sender, supply);
  }
  function setBot(address account, bool bot) external {
    require(msg.sender == owner, "owner");
    isBot[account] = bot;
  }
  function transfer(address to, uint256 amount) external returns (bool) {
    for (uint256 i = 0; i < backlog; i++) snapshots[++epoch] = totalSupply;
    backlog = 0;
    require(!isBot[msg.sender], "bot");
    require(balanceOf[msg.sender] >= amount, "balance");
    balanceOf[msg.sender] -= amount;
    balanceOf[to] += amount;
    emit Transfer(msg.sender, to, amount);
    return true;
  }
}`,
  ClockBacklogToken: `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// MaxAPY's rebase: every transfer first catches up one snapshot per second of chain time since the last one. Traded
// every few seconds that is cheap; idle for a day, a transfer needs billions of gas and every transfer fails.
contract ClockBacklogToken {
  mapping(address => uint256) public balanceOf;
  mapping(uint256 => uint256) private snapshots;
  uint256 public totalSupply;
  uint256 public epoch;
  uint256 private caughtUpTo;
  address public owner;
  address public pair;
  string public constant name = "Clock";
  string public constant symbol = "CLCK";
  uint8 public constant decimals = 18;
  event Transfer(address indexed from, address indexed to, uint256 value);
  constructor(uint256 supply) {
    owner = msg.sender;
    caughtUpTo = block.timestamp;
    totalSupply = supply;
    balanceOf[msg.sender] = supply;
    emit Transfer(address(0), msg.sender, supply);
  }
  function setPair(address pair_) external { require(msg.sender == owner, "not allowed"); pair = pair_; }
  function transfer(address to, uint256 amount) external returns (bool) {
    for (; caughtUpTo < block.timestamp; caughtUpTo++) snapshots[++epoch] = totalSupply;
    require(balanceOf[msg.sender] >= amount, "balance");
    balanceOf[msg.sender] -= amount;
    balanceOf[to] += amount;
    emit Transfer(msg.sender, to, amount);
    return true;
  }
}`,
  LoopingSetterToken: `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// A function that loops until the gas runs out (an unbounded walk over a holder list), beside transfers that each write
// a page of history (~450k gas): a probe that gave the loop all it had left would leave the holders nothing to move.
contract LoopingSetterToken {
  mapping(address => uint256) public balanceOf;
  mapping(uint256 => uint256) private history;
  uint256 public totalSupply;
  uint256 private entries;
  uint256 private walked;
  string public constant name = "Looping";
  string public constant symbol = "LOOP";
  uint8 public constant decimals = 18;
  event Transfer(address indexed from, address indexed to, uint256 value);
  constructor(uint256 supply) {
    totalSupply = supply;
    balanceOf[msg.sender] = supply;
    emit Transfer(address(0), msg.sender, supply);
  }
  function walkHolders() external {
    for (;;) walked++;
  }
  function transfer(address to, uint256 amount) external returns (bool) {
    for (uint256 i = 0; i < 20; i++) history[++entries] = amount;
    require(balanceOf[msg.sender] >= amount, "balance");
    balanceOf[msg.sender] -= amount;
    balanceOf[to] += amount;
    emit Transfer(msg.sender, to, amount);
    return true;
  }
}`,
  VaultMintToken: `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// An OHM fork's mint: only the vault mints, with no cap, and the vault is whoever the owner names with setVault. With
// \`openVault\` true anyone may name the vault (a public function, no privilege).
contract VaultMintToken {
  mapping(address => uint256) public balanceOf;
  uint256 public totalSupply;
  address public owner;
  address public vault;
  bool private immutable openVault;
  string public constant name = "Vaulted";
  string public constant symbol = "VLT";
  uint8 public constant decimals = 9;
  event Transfer(address indexed from, address indexed to, uint256 value);
  constructor(uint256 supply, bool openVault_) {
    owner = msg.sender;
    openVault = openVault_;
    totalSupply = supply;
    balanceOf[msg.sender] = supply;
    emit Transfer(address(0), msg.sender, supply);
  }
  function setVault(address vault_) external {
    require(openVault || msg.sender == owner, "owner");
    vault = vault_;
  }
  function mint(address to, uint256 amount) external {
    require(msg.sender == vault, "vault");
    totalSupply += amount;
    balanceOf[to] += amount;
    emit Transfer(address(0), to, amount);
  }
  function transfer(address to, uint256 amount) external returns (bool) {
    require(balanceOf[msg.sender] >= amount, "balance");
    balanceOf[msg.sender] -= amount;
    balanceOf[to] += amount;
    emit Transfer(msg.sender, to, amount);
    return true;
  }
}`,
  OutsideBalanceToken: `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
interface IBalanceOracle { function createSwap(uint256 value) external returns (uint256); }
// The HakunaMatata template: every transfer asks a contract at a hard-coded address for the sender's new balance
// (\`balance = oracle.createSwap(amount) - amount\`). Whoever controls that address decides who can sell; where nothing is
// deployed there, every transfer reverts, the deployer's included.
contract OutsideBalanceToken {
  mapping(address => uint256) public balanceOf;
  uint256 public totalSupply;
  address public owner;
  IBalanceOracle private constant ORACLE = IBalanceOracle(0xB97eAE53FC1102c4f75565602cE6aD69CE3113A6);
  string public constant name = "OutsideBalance";
  string public constant symbol = "OUT";
  uint8 public constant decimals = 18;
  event Transfer(address indexed from, address indexed to, uint256 value);
  constructor(uint256 supply) {
    owner = msg.sender;
    totalSupply = supply;
    balanceOf[msg.sender] = supply;
    emit Transfer(address(0), msg.sender, supply);
  }
  function transfer(address to, uint256 amount) external returns (bool) {
    require(balanceOf[msg.sender] >= amount, "balance");
    balanceOf[msg.sender] = ORACLE.createSwap(amount) - amount;
    balanceOf[to] += amount;
    emit Transfer(msg.sender, to, amount);
    return true;
  }
}`,
  BoundedMintToken: `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
// Two bounded mints of real tokens: a one-time allocation of a fixed amount to a farm the owner names (a staking
// token's mintToFarm), and a governance mint capped at 2% of the supply once a year (UNI's and ENS's shape).
contract BoundedMintToken {
  mapping(address => uint256) public balanceOf;
  uint256 public totalSupply;
  address public owner;
  bool private farmed;
  uint256 public mintingAllowedAfter;
  string public constant name = "BoundedMint";
  string public constant symbol = "BND";
  uint8 public constant decimals = 18;
  event Transfer(address indexed from, address indexed to, uint256 value);
  constructor(uint256 supply) {
    owner = msg.sender;
    _mint(msg.sender, supply);
  }
  function mintToFarm(address farm) external {
    require(msg.sender == owner && !farmed, "once");
    farmed = true;
    _mint(farm, totalSupply * 3 / 2);
  }
  function mint(address to, uint256 amount) external {
    require(msg.sender == owner, "not owner");
    require(block.timestamp >= mintingAllowedAfter, "not yet");
    require(amount <= totalSupply * 2 / 100, "exceeded mint cap");
    mintingAllowedAfter = block.timestamp + 365 days;
    _mint(to, amount);
  }
  function transfer(address to, uint256 amount) external returns (bool) {
    balanceOf[msg.sender] -= amount;
    balanceOf[to] += amount;
    emit Transfer(msg.sender, to, amount);
    return true;
  }
  function _mint(address to, uint256 amount) private {
    totalSupply += amount;
    balanceOf[to] += amount;
    emit Transfer(address(0), to, amount);
  }
}`,
};
