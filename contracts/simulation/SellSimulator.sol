// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

interface ISimulatedToken {
    function balanceOf(address account) external view returns (uint256);
}

interface ISimulatedPair {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

/// @notice Never deployed: its runtime code is placed at a simulated actor's address by an eth_call
/// state override, so one call can trade as that actor (a real holder, or a fresh address) and measure
/// what actually arrived. Token calls revert with the token's own reason, which the caller reports.
contract SellSimulator {
    /// @notice Sends `amountIn` of `tokenIn` to a Uniswap V2 pair and swaps it, as a router would.
    /// @return expectedOut what a fee-free token would deliver at the current reserves
    /// @return amountOut what this address actually received
    function swapExactIn(address tokenIn, address pair, uint256 amountIn)
        external
        returns (uint256 expectedOut, uint256 amountOut)
    {
        bool inIsToken0 = ISimulatedPair(pair).token0() == tokenIn;
        address tokenOut = inIsToken0 ? ISimulatedPair(pair).token1() : ISimulatedPair(pair).token0();
        (uint112 reserve0, uint112 reserve1,) = ISimulatedPair(pair).getReserves();
        (uint256 reserveIn, uint256 reserveOut) =
            inIsToken0 ? (uint256(reserve0), uint256(reserve1)) : (uint256(reserve1), uint256(reserve0));
        expectedOut = _amountOut(amountIn, reserveIn, reserveOut);
        _transfer(tokenIn, pair, amountIn);
        // A fee-on-transfer token delivers less than was sent: price the swap on what the pair received.
        uint256 pairBalance = ISimulatedToken(tokenIn).balanceOf(pair);
        uint256 received = pairBalance > reserveIn ? pairBalance - reserveIn : 0;
        uint256 out = _amountOut(received, reserveIn, reserveOut);
        if (out == 0) return (expectedOut, 0);
        uint256 before = ISimulatedToken(tokenOut).balanceOf(address(this));
        ISimulatedPair(pair).swap(inIsToken0 ? 0 : out, inIsToken0 ? out : 0, address(this), "");
        amountOut = ISimulatedToken(tokenOut).balanceOf(address(this)) - before;
    }

    /// @notice A plain transfer; returns the amount sent and what the recipient's balance grew by.
    function transferTo(address token, address recipient, uint256 amount)
        external
        returns (uint256 expectedOut, uint256 amountOut)
    {
        uint256 before = ISimulatedToken(token).balanceOf(recipient);
        _transfer(token, recipient, amount);
        return (amount, ISimulatedToken(token).balanceOf(recipient) - before);
    }

    function _amountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) private pure returns (uint256) {
        if (amountIn == 0 || reserveIn == 0 || reserveOut == 0) return 0;
        uint256 withFee = amountIn * 997;
        return (withFee * reserveOut) / (reserveIn * 1000 + withFee);
    }

    /// Bubbles the token's own revert data, so a honeypot's reason reaches the report.
    function _transfer(address token, address to, uint256 amount) private {
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0xa9059cbb, to, amount));
        if (!ok) {
            assembly {
                revert(add(data, 32), mload(data))
            }
        }
        if (data.length > 0 && !abi.decode(data, (bool))) revert("TRANSFER_RETURNED_FALSE");
    }
}
