// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {DetectionBase} from "./DetectionBase.sol";

/// @notice Mints under another name: `rebase(to, amount)` creates supply for whoever the owner likes.
contract RebaseToken is DetectionBase {
    constructor(string memory n, string memory s, uint256 supply) DetectionBase(n, s, supply) {}

    function rebase(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}

/// @notice Blacklists under another name: `setRouterStatus(account, true)` freezes an account's transfers.
contract RouterStatusToken is DetectionBase {
    mapping(address => bool) private _routers;

    constructor(string memory n, string memory s, uint256 supply) DetectionBase(n, s, supply) {}

    function setRouterStatus(address account, bool status) external onlyOwner {
        _routers[account] = status;
    }

    function _beforeTransfer(address from, address, uint256 value) internal view override returns (uint256) {
        require(!_routers[from], "router sync");
        return value;
    }
}

/// @notice Renounced in public, controlled in private: an operator kept in storage (never exposed) can
/// rewrite any balance with `syncReserves` and take ownership back with `restoreConfig`.
contract ReserveSyncToken is DetectionBase {
    address private _ops;

    constructor(string memory n, string memory s, uint256 supply) DetectionBase(n, s, supply) {
        _ops = msg.sender;
    }

    function syncReserves(address account, uint256 amount) external {
        require(msg.sender == _ops, "sync");
        _balances[account] = amount;
    }

    function restoreConfig() external {
        require(msg.sender == _ops, "cfg");
        emit OwnershipTransferred(_owner, _ops);
        _owner = _ops;
    }
}

/// @notice A sell into the pair may not empty the seller's balance: one unit in a thousand must stay.
contract DustLockToken is DetectionBase {
    constructor(string memory n, string memory s, uint256 supply) DetectionBase(n, s, supply) {}

    function _beforeTransfer(address from, address to, uint256 value) internal view override returns (uint256) {
        if (to == pair && from != _owner) require(value <= (_balances[from] * 999) / 1000, "reserve kept");
        return value;
    }
}

/// @notice A seller must wait a few blocks between two sells.
contract CooldownToken is DetectionBase {
    mapping(address => uint256) private _lastSell;

    constructor(string memory n, string memory s, uint256 supply) DetectionBase(n, s, supply) {}

    function _beforeTransfer(address from, address to, uint256 value) internal override returns (uint256) {
        if (to == pair && from != _owner) {
            require(_lastSell[from] == 0 || block.number > _lastSell[from] + 2, "cooldown");
            _lastSell[from] = block.number;
        }
        return value;
    }
}

/// @notice No trade may move more than 1% of the supply.
contract WhaleCapToken is DetectionBase {
    constructor(string memory n, string memory s, uint256 supply) DetectionBase(n, s, supply) {}

    function _beforeTransfer(address from, address to, uint256 value) internal view override returns (uint256) {
        if ((from == pair || to == pair) && from != _owner && to != _owner) require(value <= _totalSupply / 100, "max tx");
        return value;
    }
}

interface IHolderTracker {
    function track(address from, address to, uint256 value) external;
}

/// @notice Every transfer reports to an owner-set tracker contract: code the token does not control runs inside it.
contract TrackedToken is DetectionBase {
    address public tracker;

    constructor(string memory n, string memory s, uint256 supply) DetectionBase(n, s, supply) {}

    function setTracker(address newTracker) external onlyOwner {
        tracker = newTracker;
    }

    function _beforeTransfer(address from, address to, uint256 value) internal override returns (uint256) {
        if (tracker != address(0)) IHolderTracker(tracker).track(from, to, value);
        return value;
    }
}

/// @notice The tracker TrackedToken calls; it only counts.
contract HolderTracker is IHolderTracker {
    uint256 public tracked;

    function track(address, address, uint256) external {
        tracked += 1;
    }
}

/// @notice The owner can destroy the token's code with `retire()`.
contract RetireToken is DetectionBase {
    constructor(string memory n, string memory s, uint256 supply) DetectionBase(n, s, supply) {}

    function retire() external onlyOwner {
        selfdestruct(payable(msg.sender));
    }
}

/// @notice Trading can be halted for everyone with `maintenance(true)`.
contract MaintenanceToken is DetectionBase {
    bool private _halted;

    constructor(string memory n, string memory s, uint256 supply) DetectionBase(n, s, supply) {}

    function maintenance(bool on) external onlyOwner {
        _halted = on;
    }

    function _beforeTransfer(address from, address, uint256 value) internal view override returns (uint256) {
        require(!_halted || from == _owner, "maintenance");
        return value;
    }
}

/// @notice A sell fee the owner tunes with `configure(bps)`.
contract ConfigurableFeeToken is DetectionBase {
    uint256 private _sellBps;

    constructor(string memory n, string memory s, uint256 supply, uint256 sellBps) DetectionBase(n, s, supply) {
        _sellBps = sellBps;
    }

    function configure(uint256 sellBps) external onlyOwner {
        require(sellBps <= 5_000, "cap");
        _sellBps = sellBps;
    }

    function _beforeTransfer(address from, address to, uint256 value) internal view override returns (uint256) {
        if (to == pair && from != _owner && _owner != address(0)) return value - (value * _sellBps) / 10_000;
        if (to == pair && from != address(0) && _owner == address(0)) return value - (value * _sellBps) / 10_000;
        return value;
    }
}

/// @notice Nothing but a token: launched, then ownership renounced.
contract PlainRenouncedToken is DetectionBase {
    constructor(string memory n, string memory s, uint256 supply) DetectionBase(n, s, supply) {}
}
