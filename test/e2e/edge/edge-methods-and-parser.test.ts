import { expect } from "chai";
import { connect } from "node:net";
import type { RunningServer } from "../../../src/infrastructure/http-server";
import { startTestServer } from "../../support/http-harness";

/** Writes raw bytes (what fetch would refuse to send) and reads the whole answer until the server closes. */
function rawExchange(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.on("error", reject);
  });
}

const statusLine = (answer: string) => answer.split("\r\n")[0];
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as unknown;

// Found by the attack suite (npm run attack): these answered bodiless text, or a 501 for a client's mistake.
describe("HTTP edge: methods and requests the parser refuses answer JSON errors", () => {
  let server: RunningServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it("a known path with another method is 405 method_not_allowed, with Allow", async () => {
    const res = await fetch(server.url + "/api/stats", { method: "DELETE" });
    expect(res.status).to.equal(405);
    expect(res.headers.get("content-type")).to.match(/^application\/json/);
    expect(res.headers.get("allow")).to.contain("GET");
    expect(await res.json()).to.deep.equal({ error: "method_not_allowed" });
  });

  it("a method no route uses (PROPFIND) is 405 method_not_allowed, not 501", async () => {
    const answer = await rawExchange(
      server.url,
      "PROPFIND /api/stats HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    expect(statusLine(answer)).to.equal("HTTP/1.1 405 Method Not Allowed");
    expect(bodyOf(answer)).to.deep.equal({ error: "method_not_allowed" });
  });

  it("headers past the parser's limit are 431 headers_too_large in JSON", async () => {
    const answer = await rawExchange(
      server.url,
      `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(statusLine(answer)).to.equal("HTTP/1.1 431 Request Header Fields Too Large");
    expect(answer).to.match(/content-type: application\/json/i);
    expect(bodyOf(answer)).to.deep.equal({ error: "headers_too_large" });
  });

  it("a method token Node cannot parse is 400 invalid_request in JSON", async () => {
    const answer = await rawExchange(server.url, "BREW /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(statusLine(answer)).to.equal("HTTP/1.1 400 Bad Request");
    expect(bodyOf(answer)).to.deep.equal({ error: "invalid_request" });
  });
});

describe("HTTP edge: a HEAD request the parser refuses", () => {
  let server: RunningServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it("gets the 431's headers and no body (a body would corrupt the client's stream)", async () => {
    const answer = await rawExchange(
      server.url,
      `HEAD /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(statusLine(answer)).to.equal("HTTP/1.1 431 Request Header Fields Too Large");
    expect(answer).to.match(/content-type: application\/json/i);
    expect(answer.endsWith("\r\n\r\n")).to.equal(true);
  });
});
