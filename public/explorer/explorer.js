// Credence explorer: the search box's loading state and the x402 paywall (no framework, no build step).
// The paywall follows x402's browser conventions: its configuration is `window.x402` (here read from a JSON
// data block, since the CSP runs no inline script), the wallet is the injected EIP-1193 `window.ethereum`,
// the payment is an EIP-3009 TransferWithAuthorization signed with eth_signTypedData_v4, sent back as the
// x402 v2 `PAYMENT-SIGNATURE` header.
"use strict";
(function () {
  function onSearch() {
    var form = document.querySelector("form.search");
    if (!form) return;
    form.addEventListener("submit", function () {
      form.classList.add("loading");
      var button = form.querySelector("button");
      if (button) button.textContent = "Checking";
    });
  }

  function hex(bytes) {
    return (
      "0x" +
      Array.prototype.map
        .call(bytes, function (b) {
          return ("0" + b.toString(16)).slice(-2);
        })
        .join("")
    );
  }

  function base64Json(value) {
    var bytes = new TextEncoder().encode(JSON.stringify(value));
    var binary = "";
    bytes.forEach(function (b) {
      binary += String.fromCharCode(b);
    });
    return btoa(binary);
  }

  async function chainTime(ethereum) {
    try {
      var block = await ethereum.request({ method: "eth_getBlockByNumber", params: ["latest", false] });
      if (block && block.timestamp) return Number(BigInt(block.timestamp));
    } catch (e) {
      /* the wallet may not serve reads: the clock will do */
    }
    return Math.floor(Date.now() / 1000);
  }

  async function pay(config, status) {
    var ethereum = window.ethereum;
    if (!ethereum || typeof ethereum.request !== "function")
      throw new Error("No browser wallet found (window.ethereum).");
    var offer = config.paymentRequired && config.paymentRequired.accepts && config.paymentRequired.accepts[0];
    if (!offer) throw new Error("The challenge offers no way to pay.");
    status("Connecting to your wallet…");
    var accounts = await ethereum.request({ method: "eth_requestAccounts" });
    var from = accounts && accounts[0];
    if (!from) throw new Error("The wallet shared no account.");
    var chainId = Number(await ethereum.request({ method: "eth_chainId" }));
    if (chainId !== config.chainId) {
      await ethereum.request({
        method: "wallet_switchEthereumChain",
        params: [{ chainId: "0x" + config.chainId.toString(16) }],
      });
    }
    var now = await chainTime(ethereum);
    var authorization = {
      from: from,
      to: offer.payTo,
      value: String(offer.amount),
      validAfter: String(now - 600),
      validBefore: String(now + offer.maxTimeoutSeconds),
      nonce: hex(crypto.getRandomValues(new Uint8Array(32))),
    };
    var typedData = {
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
        TransferWithAuthorization: [
          { name: "from", type: "address" },
          { name: "to", type: "address" },
          { name: "value", type: "uint256" },
          { name: "validAfter", type: "uint256" },
          { name: "validBefore", type: "uint256" },
          { name: "nonce", type: "bytes32" },
        ],
      },
      primaryType: "TransferWithAuthorization",
      domain: {
        name: offer.extra.name,
        version: offer.extra.version,
        chainId: config.chainId,
        verifyingContract: offer.asset,
      },
      message: authorization,
    };
    status("Sign the USDC authorization in your wallet…");
    var signature = await ethereum.request({
      method: "eth_signTypedData_v4",
      params: [from, JSON.stringify(typedData)],
    });
    var header = base64Json({
      x402Version: 2,
      resource: { url: config.paymentRequired.resource && config.paymentRequired.resource.url },
      accepted: offer,
      payload: { signature: signature, authorization: authorization },
    });
    status("Paying and fetching the answer…");
    var response = await fetch(location.pathname, { headers: { "PAYMENT-SIGNATURE": header, Accept: "text/html" } });
    var doc = new DOMParser().parseFromString(await response.text(), "text/html");
    if (!response.ok) {
      var refused = doc.querySelector("[data-error-code]");
      var reason = doc.querySelector("[data-error-reason]");
      throw new Error(
        "Not served (" +
          response.status +
          (refused ? " " + refused.getAttribute("data-error-code") : "") +
          (reason ? ": " + reason.getAttribute("data-error-reason") : "") +
          "). Nothing was charged unless the answer was served.",
      );
    }
    var main = document.getElementById("main");
    var paid = doc.getElementById("main");
    if (!main || !paid) throw new Error("The answer could not be shown.");
    main.replaceChildren.apply(
      main,
      Array.prototype.slice.call(paid.childNodes).map(function (n) {
        return document.importNode(n, true);
      }),
    );
    document.title = doc.title;
    main.focus();
  }

  function onPaywall() {
    var block = document.getElementById("x402-config");
    var button = document.getElementById("pay");
    var statusLine = document.getElementById("pay-status");
    if (!block || !button || !statusLine) return;
    window.x402 = JSON.parse(block.textContent || "{}");
    var status = function (text) {
      statusLine.textContent = text;
    };
    button.disabled = false;
    status(
      window.ethereum ? "Ready: your wallet will ask you to sign." : "No browser wallet found: install one to pay.",
    );
    button.addEventListener("click", function () {
      button.disabled = true;
      pay(window.x402, status).catch(function (error) {
        status(error && error.message ? error.message : String(error));
        button.disabled = false;
      });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    onSearch();
    onPaywall();
  });
})();
