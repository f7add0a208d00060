// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @notice A plain ERC-20 with single-owner control, written out (not OpenZeppelin) so the seeded capability
/// tokens can reach their own balances and name their privileged functions however a scammer would. No constructor:
/// DetectionBase sets it up at deployment, the upgradeable ProxiedTokenV1 through its proxy.
/// Storage: 0 balances, 1 allowances, 2 totalSupply, 3 name, 4 symbol, 5 owner, 6 pair.
abstract contract DetectionErc20 {
    mapping(address => uint256) internal _balances;
    mapping(address => mapping(address => uint256)) internal _allowances;
    uint256 internal _totalSupply;
    string public name;
    string public symbol;
    address internal _owner;
    address public pair;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    modifier onlyOwner() {
        require(msg.sender == _owner, "not owner");
        _;
    }

    function decimals() external pure returns (uint8) {
        return 18;
    }

    function owner() public view virtual returns (address) {
        return _owner;
    }

    function totalSupply() external view returns (uint256) {
        return _totalSupply;
    }

    function balanceOf(address account) external view returns (uint256) {
        return _balances[account];
    }

    function allowance(address holder, address spender) external view returns (uint256) {
        return _allowances[holder][spender];
    }

    function approve(address spender, uint256 value) external returns (bool) {
        _allowances[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = _allowances[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "allowance");
            _allowances[from][msg.sender] = allowed - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function setPair(address newPair) external onlyOwner {
        pair = newPair;
    }

    /// Variants check or charge here; `value` is what reaches `to`.
    function _beforeTransfer(address from, address to, uint256 value) internal virtual returns (uint256) {
        from;
        to;
        return value;
    }

    function _transfer(address from, address to, uint256 value) internal {
        require(_balances[from] >= value, "balance");
        uint256 delivered = _beforeTransfer(from, to, value);
        _balances[from] -= value;
        if (delivered < value) {
            _balances[_owner == address(0) ? address(0xdead) : _owner] += value - delivered;
            emit Transfer(from, _owner == address(0) ? address(0xdead) : _owner, value - delivered);
        }
        _balances[to] += delivered;
        emit Transfer(from, to, delivered);
    }

    function _mint(address to, uint256 value) internal {
        _totalSupply += value;
        _balances[to] += value;
        emit Transfer(address(0), to, value);
    }
}

/// @notice The deployed capability tokens: the deployer owns them and holds the supply, and may renounce.
abstract contract DetectionBase is DetectionErc20 {
    constructor(string memory tokenName, string memory tokenSymbol, uint256 supply) {
        name = tokenName;
        symbol = tokenSymbol;
        _owner = msg.sender;
        emit OwnershipTransferred(address(0), msg.sender);
        _mint(msg.sender, supply);
    }

    function renounceOwnership() external virtual onlyOwner {
        emit OwnershipTransferred(_owner, address(0));
        _owner = address(0);
    }
}
