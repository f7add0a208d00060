/*! Credence coin badge. No dependencies. Usage:
 *  <span data-credence-coin="0x2::sui::SUI"></span>
 *  <script src="https://<alt-host>/widget.js" async></script>
 * window.Credence.scan(root?) badges elements added later; it resolves when they have rendered. */
(function () {
  "use strict";
  var script = document.currentScript;
  var base = (script && (script.getAttribute("data-credence-base") || new URL(script.src, location.href).origin)) || "";
  var COLORS = { ELITE: "#1b5e20", HIGH: "#2e7d32", MEDIUM: "#8a5a00", LOW: "#b71c1c", BLOCKED: "#212121", VERIFIED: "#0d47a1" };
  var pending = {};
  var seq = 0;

  function style() {
    if (document.getElementById("credence-badge-style")) return;
    var s = document.createElement("style");
    s.id = "credence-badge-style";
    s.textContent =
      ".credence-badge{position:relative;display:inline-flex;gap:.35em;align-items:center;font:600 13px/1.6 system-ui,sans-serif;" +
      "padding:.1em .6em;border-radius:1em;color:#fff;background:#616161;cursor:default;white-space:nowrap}" +
      ".credence-badge:focus{outline:2px solid #000;outline-offset:2px}" +
      ".credence-details{display:none;position:absolute;z-index:10;top:100%;left:0;margin-top:4px;min-width:16em;white-space:normal;padding:.5em .7em;" +
      "border-radius:.4em;background:#fff;color:#111;font-weight:400;box-shadow:0 2px 8px rgba(0,0,0,.25)}" +
      ".credence-badge:hover .credence-details,.credence-badge:focus .credence-details{display:block}";
    document.head.appendChild(s);
  }

  function get(type) {
    if (!pending[type]) {
      pending[type] = fetch(base + "/api/coin?type=" + encodeURIComponent(type)).then(function (r) {
        return r.json().then(
          function (body) { return { status: r.status, body: body }; },
          function () { return { status: r.status, body: null }; }
        );
      });
      // Only answers are shared; a failure is asked again on the next scan.
      pending[type].then(function (res) { if (res.status !== 200) delete pending[type]; }, function () { delete pending[type]; });
    }
    return pending[type];
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }

  function show(host, state, label, color, lines) {
    host.textContent = "";
    host.setAttribute("data-credence-state", state);
    var badge = el("span", "credence-badge", null);
    badge.style.background = color;
    badge.setAttribute("tabindex", "0");
    badge.setAttribute("role", "status");
    label.forEach(function (part) { badge.appendChild(el("span", part[0], part[1])); });
    if (lines.length) {
      var details = el("span", "credence-details", null);
      details.id = "credence-details-" + ++seq;
      details.setAttribute("role", "tooltip");
      lines.forEach(function (line) { details.appendChild(el("span", null, line)); details.appendChild(document.createElement("br")); });
      badge.appendChild(details);
      badge.setAttribute("aria-describedby", details.id);
    }
    host.appendChild(badge);
  }

  function render(host) {
    var type = host.getAttribute("data-credence-coin") || "";
    host.setAttribute("data-credence-done", "1");
    show(host, "loading", [["credence-text", "Credence: loading\u2026"]], "#757575", []);
    return get(type).then(
      function (res) {
        var b = res.body || {};
        if (res.status === 200 && typeof b.score === "number") {
          var flags = (b.flags || []).map(function (f) { return f.code; });
          show(host, "scored", [["credence-score", String(b.score)], ["credence-tier", b.tier]], COLORS[b.tier] || "#616161", [
            "Credence trust score " + b.score + "/100, tier " + b.tier + (b.verified ? " (verified)" : ""),
            "Confidence " + b.confidence + "%",
            (b.metadata && b.metadata.symbol ? b.metadata.symbol + ": " : "") + (flags.length ? "flags " + flags.join(", ") : "no flags"),
          ]);
        } else if (res.status === 404) {
          show(host, "not-found", [["credence-text", "Credence: not found"]], "#616161", ["No coin of type " + type]);
        } else {
          show(host, "error", [["credence-text", "Credence: unavailable"]], "#616161", ["Score unavailable (" + (b.error || res.status) + ")"]);
        }
      },
      function () { show(host, "error", [["credence-text", "Credence: unavailable"]], "#616161", ["Score service unreachable"]); }
    );
  }

  function scan(root) {
    style();
    var nodes = (root || document).querySelectorAll("[data-credence-coin]:not([data-credence-done])");
    return Promise.all(Array.prototype.map.call(nodes, render));
  }

  window.Credence = { scan: scan };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { scan(); });
  else scan();
})();
