import { expect } from "chai";
import { html, jsonDataBlock, trusted } from "../../../../src/adapters/http/explorer/html";
import { chainLinks } from "../../../../src/adapters/http/explorer/links";

describe("explorer HTML: escaped by default", () => {
  it("escapes every interpolated value, arrays included, and leaves Html fragments as they are", () => {
    const name = `<b onmouseover="x">'&\``;
    const out = html`<p title="${name}">${name}${[name, html`<i>${1}</i>`]}${null}${undefined}${false}</p>`;
    expect(out.text).to.equal(
      '<p title="&lt;b onmouseover=&quot;x&quot;&gt;&#39;&amp;&#96;">&lt;b onmouseover=&quot;x&quot;&gt;&#39;&amp;&#96;&lt;b onmouseover=&quot;x&quot;&gt;&#39;&amp;&#96;<i>1</i></p>',
    );
    expect(html`${trusted("<br>")}`.text).to.equal("<br>");
  });

  it("keeps a JSON data block closed: no value can end the script element", () => {
    const block = jsonDataBlock("cfg", { name: "</script><script>alert(1)</script>", amount: 10n });
    expect(block.text.match(/<\/script>/gi)).to.have.length(1);
    const json = block.text.slice(block.text.indexOf(">") + 1, block.text.lastIndexOf("</script>"));
    expect(JSON.parse(json)).to.deep.equal({ name: "</script><script>alert(1)</script>", amount: "10" });
  });

  it("links only well-formed hashes and addresses to the block explorer", () => {
    const links = chainLinks("https://explorer.example/");
    const tx = `0x${"1".repeat(64)}`;
    expect(links.tx(tx).text).to.contain(`href="https://explorer.example/tx/${tx}"`);
    expect(links.tx("javascript:alert(1)").text).to.equal('<code class="hash">javascript:alert(1)</code>');
    expect(links.address("0xnot").text).to.equal('<code class="hash">0xnot</code>');
    expect(chainLinks(undefined).tx(tx).text).to.equal(`<code class="hash">${tx}</code>`);
  });
});
