// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {TransparentUpgradeableProxy} from "@openzeppelin/contracts/proxy/transparent/TransparentUpgradeableProxy.sol";
import {BeaconProxy} from "@openzeppelin/contracts/proxy/beacon/BeaconProxy.sol";
import {UpgradeableBeacon} from "@openzeppelin/contracts/proxy/beacon/UpgradeableBeacon.sol";

/// @notice The logic of an upgradeable ERC-20: initialised through its proxy, storage laid out from slot 0 like
/// DetectionBase (0 balances, 1 allowances, 2 totalSupply, 3 name, 4 symbol, 5 owner, 6 pair, 7 initialised),
/// which the proxies leave free (they keep their own addresses in EIP-1967 slots).
contract ProxiedTokenV1 {
    mapping(address => uint256) internal _balances;
    mapping(address => mapping(address => uint256)) internal _allowances;
    uint256 internal _totalSupply;
    string public name;
    string public symbol;
    address internal _owner;
    address public pair;
    bool private _initialized;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    function initialize(string calldata tokenName, string calldata tokenSymbol, uint256 supply, address owner_) external {
        require(!_initialized, "initialized");
        _initialized = true;
        name = tokenName;
        symbol = tokenSymbol;
        _owner = owner_;
        emit OwnershipTransferred(address(0), owner_);
        _mint(owner_, supply);
    }

    modifier onlyOwner() {
        require(msg.sender == _owner, "not owner");
        _;
    }

    function decimals() external pure returns (uint8) {
        return 18;
    }

    function owner() external view returns (address) {
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

    function _transfer(address from, address to, uint256 value) internal {
        require(_balances[from] >= value, "balance");
        _balances[from] -= value;
        _balances[to] += value;
        emit Transfer(from, to, value);
    }

    function _mint(address to, uint256 value) internal {
        _totalSupply += value;
        _balances[to] += value;
        emit Transfer(address(0), to, value);
    }
}

/// @notice The same token after an upgrade: `harvest(to, amount)` mints for whoever the owner likes, under a name
/// no selector table lists.
contract ProxiedTokenV2 is ProxiedTokenV1 {
    function harvest(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}

/// @notice OpenZeppelin's transparent proxy (it deploys its own ProxyAdmin, owned by `initialOwner`).
contract SeededTransparentProxy is TransparentUpgradeableProxy {
    constructor(address logic, address initialOwner, bytes memory data)
        payable
        TransparentUpgradeableProxy(logic, initialOwner, data)
    {}
}

/// @notice OpenZeppelin's upgradeable beacon, owned by `initialOwner`.
contract SeededBeacon is UpgradeableBeacon {
    constructor(address implementation_, address initialOwner) UpgradeableBeacon(implementation_, initialOwner) {}
}

/// @notice OpenZeppelin's beacon proxy: the implementation is whatever the beacon names.
contract SeededBeaconProxy is BeaconProxy {
    constructor(address beacon, bytes memory data) payable BeaconProxy(beacon, data) {}
}
