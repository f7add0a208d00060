// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @notice A token with a punitive sell tax: transfers into the pair lose `sellTaxBps` to the owner,
/// except from tax-exempt senders (the owner, so it can add liquidity). Buys are untaxed.
contract TaxToken is ERC20, Ownable {
    uint256 public immutable sellTaxBps;
    address public pair;
    mapping(address => bool) public taxExempt;

    constructor(string memory tokenName, string memory tokenSymbol, uint256 supply, uint256 taxBps)
        ERC20(tokenName, tokenSymbol)
        Ownable(msg.sender)
    {
        require(taxBps <= 10_000, "tax above 100%");
        sellTaxBps = taxBps;
        taxExempt[msg.sender] = true;
        _mint(msg.sender, supply);
    }

    function setPair(address newPair) external onlyOwner {
        pair = newPair;
    }

    function _update(address from, address to, uint256 value) internal override {
        if (to == pair && pair != address(0) && from != address(0) && !taxExempt[from]) {
            uint256 tax = (value * sellTaxBps) / 10_000;
            super._update(from, owner(), tax);
            value -= tax;
        }
        super._update(from, to, value);
    }
}
