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
    /// @return received the tokens the pair got of `amountIn` (the rest is the token's fee, taken in tokens)
    function swapExactIn(address tokenIn, address pair, uint256 amountIn)
        external
        returns (uint256 expectedOut, uint256 amountOut, uint256 received)
    {
        return _sell(tokenIn, pair, address(this), amountIn);
    }

    /// @notice Sells as a router does for a holder that stays a plain account: the holder approved this address
    /// (by state override), which moves the holder's tokens into the pair and has the output paid to the holder.
    /// A token that treats contract senders differently sees the holder itself as the sender.
    /// @return expectedOut what a fee-free token would deliver at the current reserves
    /// @return amountOut what the holder actually received
    function sellFrom(address tokenIn, address pair, address holder, uint256 amountIn)
        external
        returns (uint256 expectedOut, uint256 amountOut)
    {
        (expectedOut, amountOut,) = _sell(tokenIn, pair, holder, amountIn);
    }

    /// `seller` is this address (it transfers) or a holder that approved it (it moves the holder's tokens).
    function _sell(address tokenIn, address pair, address seller, uint256 amountIn)
        private
        returns (uint256 expectedOut, uint256 amountOut, uint256 received)
    {
        (bool inIsToken0, uint256 reserveIn, uint256 reserveOut) = _reserves(pair, tokenIn);
        expectedOut = _amountOut(amountIn, reserveIn, reserveOut);
        if (seller == address(this)) _transfer(tokenIn, pair, amountIn);
        else _transferFrom(tokenIn, seller, pair, amountIn);
        // Priced as a router's fee-on-transfer swap does: on what the pair received, at the reserves as they stand
        // after the transfer. A token that sells its collected fees into the same pair inside the transfer
        // (swap-and-liquify) has moved them, and the reserves read before would ask the pair for too much (K).
        (, uint256 reserveInNow, uint256 reserveOutNow) = _reserves(pair, tokenIn);
        uint256 pairBalance = ISimulatedToken(tokenIn).balanceOf(pair);
        received = pairBalance > reserveInNow ? pairBalance - reserveInNow : 0;
        uint256 out = _amountOut(received, reserveInNow, reserveOutNow);
        if (out == 0) return (expectedOut, 0, received);
        amountOut = _swapOut(pair, inIsToken0, out, seller);
    }

    function _reserves(address pair, address tokenIn)
        private
        view
        returns (bool inIsToken0, uint256 reserveIn, uint256 reserveOut)
    {
        inIsToken0 = ISimulatedPair(pair).token0() == tokenIn;
        (uint112 reserve0, uint112 reserve1,) = ISimulatedPair(pair).getReserves();
        (reserveIn, reserveOut) =
            inIsToken0 ? (uint256(reserve0), uint256(reserve1)) : (uint256(reserve1), uint256(reserve0));
    }

    /// Takes `out` of the pair's other token to `to`; returns what `to`'s balance grew by.
    function _swapOut(address pair, bool inIsToken0, uint256 out, address to) private returns (uint256) {
        address tokenOut = inIsToken0 ? ISimulatedPair(pair).token1() : ISimulatedPair(pair).token0();
        uint256 before = ISimulatedToken(tokenOut).balanceOf(to);
        uint256 gasBefore = gasleft();
        (bool ok, bytes memory data) =
            pair.call(abi.encodeCall(ISimulatedPair.swap, (inIsToken0 ? 0 : out, inIsToken0 ? out : 0, to, "")));
        _bubble(ok, data, gasBefore);
        return ISimulatedToken(tokenOut).balanceOf(to) - before;
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

    function _transferFrom(address token, address from, address to, uint256 amount) private {
        uint256 gasBefore = gasleft();
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0x23b872dd, from, to, amount));
        _bubble(ok, data, gasBefore);
        if (data.length > 0 && !abi.decode(data, (bool))) revert("TRANSFER_RETURNED_FALSE");
    }

    function _amountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) private pure returns (uint256) {
        if (amountIn == 0 || reserveIn == 0 || reserveOut == 0) return 0;
        uint256 withFee = amountIn * 997;
        return (withFee * reserveOut) / (reserveIn * 1000 + withFee);
    }

    function _transfer(address token, address to, uint256 amount) private {
        uint256 gasBefore = gasleft();
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0xa9059cbb, to, amount));
        _bubble(ok, data, gasBefore);
        if (data.length > 0 && !abi.decode(data, (bool))) revert("TRANSFER_RETURNED_FALSE");
    }

    /// Bubbles a failed call's own revert data, so a honeypot's reason reaches the report; a call that spent all the
    /// gas it was given (63/64 of what was left, leaving this frame under 1/32) ran out of it, or hit an invalid
    /// opcode (an old compiler's `throw`), which spends all too: said as OUT_OF_GAS, not as whatever an
    /// intermediate frame made of it (a pair's "TRANSFER_FAILED").
    function _bubble(bool ok, bytes memory data, uint256 gasBefore) private view {
        if (ok) return;
        if (gasleft() < gasBefore / 32) revert("OUT_OF_GAS");
        assembly {
            revert(add(data, 32), mload(data))
        }
    }
}
