// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

interface IProbedToken {
    function balanceOf(address account) external view returns (uint256);
    function totalSupply() external view returns (uint256);
}

interface IProbeSimulator {
    function swapExactIn(address tokenIn, address pair, uint256 amountIn) external returns (uint256, uint256, uint256);
    function transferTo(address token, address recipient, uint256 amount) external returns (uint256, uint256);
}

/// @notice Never deployed: placed by eth_call state override at a candidate privileged caller's address (or a
/// fresh one), it makes one call as that caller and then has simulated holders (SellSimulator code at their
/// addresses) transfer and sell in the same state, so the call's effect on holders is measured, not guessed.
contract CapabilityProbe {
    /// @notice Gas for the read-only test of a probed call. A write in a STATICCALL is an exceptional halt that burns
    /// all the gas it was given: unbounded, that is 63/64 of the whole eth_call, and the holders' transfers and sell
    /// after it ran out of gas on tokens whose transfers swap and pay dividends (a fee wallet setter was never seen).
    /// A view costing more than this is called for real and measured like any other call.
    uint256 private constant READ_ONLY_GAS = 1_000_000;

    /// @notice Calls `token` with each of `calls` in order (none: the baseline), then measures. The calls before the
    /// last prepare it: a caller naming itself (setVault, addMinter) before the call that power allows.
    /// @return r [callOk, targetBefore, targetAfter, supplyBefore, supplyAfter, ownerBefore, ownerAfter,
    ///   targetTransferOk, otherTransferOk, sellOk, sellExpected, sellOut, selfBefore, selfAfter, heldBefore,
    ///   heldAfter, payeeTokensAfterCall, payeeTokensAtEnd, payeeNativeAfterCall, payeeNativeAtEnd, sellReceived,
    ///   targetTransferGas];
    ///   sellReceived is what the pair got of the sold `amount` (the rest is the token's fee in tokens, which a
    ///   swap-back inside the sell does not move, unlike the price the seller got); callOk is 2, and
    ///   nothing else is measured, when the call succeeds as a STATICCALL: it writes nothing, so it has no effect.
    ///   `payee` is a fresh address only a call can name: what reaches it while the holders transfer and sell (a
    ///   fee credited in tokens, or the native coin of the contract's swap of the fees it collected) went where the
    ///   call said. targetTransferGas is the gas the target's transfer used, failed or not: a transfer that failed after
    ///   burning its whole `tradeGas` ran out of gas (a token whose every transfer loops), and so will every probe after
    ///   it. `gas` is [tradeGas, callGas]: each holder's transfer and sell is given tradeGas (the adapter's TRADE_GAS)
    ///   and the probed call callGas (PROBED_CALL_GAS), not 63/64 of what is left: a token whose functions loop then
    ///   costs each probe millions, not the node's cap. (One array, not two arguments: the stack is full.)
    function privileged(
        address token,
        bytes[] calldata calls,
        address target,
        address other,
        address pair,
        uint256 amount,
        address recipient,
        address payee,
        uint256[2] calldata gas
    ) external returns (uint256[22] memory r) {
        if (calls.length == 1) {
            // Most probed functions are views: proving that costs one frame, not the holders' transfers and sell.
            (bool readOnly, ) = token.staticcall{gas: READ_ONLY_GAS}(calls[0]);
            if (readOnly) {
                r[0] = 2;
                return r;
            }
        }
        r[1] = _balance(token, target);
        r[3] = _supply(token);
        r[5] = _owner(token);
        r[12] = _balance(token, address(this));
        r[14] = _balance(token, token);
        if (calls.length > 0) r[0] = _callAll(token, calls, gas[1]) ? 1 : 0;
        r[2] = _balance(token, target);
        r[4] = _supply(token);
        r[6] = _owner(token);
        r[13] = _balance(token, address(this));
        r[15] = _balance(token, token);
        r[16] = _balance(token, payee);
        r[18] = payee.balance;
        uint256 sendable = r[2] < amount ? r[2] : amount;
        uint256 gasBefore = gasleft();
        try IProbeSimulator(target).transferTo{gas: gas[0]}(token, recipient, sendable) returns (uint256, uint256) {
            r[7] = 1;
        } catch {}
        r[21] = gasBefore - gasleft();
        // At the baseline, a target whose plain transfer failed after spending 31/32 of its gas ran out of it (the
        // adapter's EXHAUSTED_TRANSFER_GAS): every other transfer and sell would spend the same and tell nothing.
        if (calls.length == 0 && r[7] == 0 && r[21] >= (gas[0] * 31) / 32) return r;
        try IProbeSimulator(other).transferTo{gas: gas[0]}(token, recipient, amount) returns (uint256, uint256) {
            r[8] = 1;
        } catch {}
        if (pair != address(0)) {
            try IProbeSimulator(other).swapExactIn{gas: gas[0]}(token, pair, amount) returns (
                uint256 expected,
                uint256 out,
                uint256 received
            ) {
                r[9] = 1;
                r[10] = expected;
                r[11] = out;
                r[20] = received;
            } catch {}
        }
        r[17] = _balance(token, payee);
        r[19] = payee.balance;
    }

    /// @notice Two sells by the same seller one after the other (same block): a cooldown lets only the first through.
    /// Each is given `tradeGas`, as in `privileged`.
    function twice(address seller, address token, address pair, uint256 amount, uint256 tradeGas)
        external
        returns (uint256[4] memory r)
    {
        try IProbeSimulator(seller).swapExactIn{gas: tradeGas}(token, pair, amount) returns (uint256, uint256 out, uint256) {
            r[0] = 1;
            r[1] = out;
        } catch {}
        try IProbeSimulator(seller).swapExactIn{gas: tradeGas}(token, pair, amount) returns (uint256, uint256 out, uint256) {
            r[2] = 1;
            r[3] = out;
        } catch {}
    }

    /// @notice How far a privileged mint reaches: `first`, then `second` (skipped when empty) in the same state, the
    /// supply each added. The same call twice tells a repeatable mint from a one-time or rate-limited one; a call
    /// with a larger amount tells an amount the caller chooses from a fixed or capped one.
    /// @return r [firstOk, firstMinted, secondOk, secondMinted]
    /// Each call is given `callGas`, as in `privileged`.
    function again(address token, bytes calldata first, bytes calldata second, uint256 callGas)
        external
        returns (uint256[4] memory r)
    {
        uint256 before = _supply(token);
        (bool ok, ) = token.call{gas: callGas}(first);
        uint256 middle = _supply(token);
        r[0] = ok ? 1 : 0;
        r[1] = middle > before ? middle - before : 0;
        if (second.length == 0) return r;
        (ok, ) = token.call{gas: callGas}(second);
        uint256 last = _supply(token);
        r[2] = ok ? 1 : 0;
        r[3] = last > middle ? last - middle : 0;
    }

    /// Each call given `callGas`; false from the first that fails.
    function _callAll(address token, bytes[] calldata calls, uint256 callGas) private returns (bool) {
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, ) = token.call{gas: callGas}(calls[i]);
            if (!ok) return false;
        }
        return true;
    }

    function _balance(address token, address account) private view returns (uint256) {
        try IProbedToken(token).balanceOf(account) returns (uint256 b) {
            return b;
        } catch {
            return 0;
        }
    }

    function _supply(address token) private view returns (uint256) {
        try IProbedToken(token).totalSupply() returns (uint256 s) {
            return s;
        } catch {
            return 0;
        }
    }

    /// owner() where the token has one, else 0: a read that cannot revert the probe.
    function _owner(address token) private view returns (uint256) {
        (bool ok, bytes memory data) = token.staticcall(abi.encodeWithSelector(0x8da5cb5b));
        if (!ok || data.length < 32) return 0;
        return uint256(abi.decode(data, (uint160)));
    }
}
