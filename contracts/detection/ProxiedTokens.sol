// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {TransparentUpgradeableProxy} from "@openzeppelin/contracts/proxy/transparent/TransparentUpgradeableProxy.sol";
import {BeaconProxy} from "@openzeppelin/contracts/proxy/beacon/BeaconProxy.sol";
import {UpgradeableBeacon} from "@openzeppelin/contracts/proxy/beacon/UpgradeableBeacon.sol";
import {DetectionErc20} from "./DetectionBase.sol";

/// @notice The logic of an upgradeable ERC-20: initialised through its proxy. Storage is DetectionErc20's (slots
/// 0-6) and 7 initialised, which the proxies leave free (they keep their own addresses in EIP-1967 slots).
contract ProxiedTokenV1 is DetectionErc20 {
    bool private _initialized;

    function initialize(string calldata tokenName, string calldata tokenSymbol, uint256 supply, address owner_) external {
        require(!_initialized, "initialized");
        _initialized = true;
        name = tokenName;
        symbol = tokenSymbol;
        _owner = owner_;
        emit OwnershipTransferred(address(0), owner_);
        _mint(owner_, supply);
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
