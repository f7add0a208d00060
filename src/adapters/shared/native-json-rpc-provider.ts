import { isAscii } from "node:buffer";
import http from "node:http";
import https from "node:https";
import { gunzipSync } from "node:zlib";
import {
  FetchRequest,
  JsonRpcProvider,
  makeError,
  type FetchGetUrlFunc,
  type JsonRpcApiProviderOptions,
  type Networkish,
  type JsonRpcPayload,
  type JsonRpcResult,
} from "ethers";
import { RpcEndpointFailover } from "./rpc-endpoint-failover";

/**
 * ethers' JsonRpcProvider with the same batching, errors and retries, minus two CPU costs that dominated a
 * cold batch on the embedded chain (~4 s of main-thread time for ~1,900 calls): its UTF-8 codec is a
 * JavaScript loop per character (request bodies carry 15 KB state overrides, debug_traceCall answers are
 * 260 KB), and its Node getUrl copies the whole body on every chunk received (quadratic in the chunks a
 * streaming server sends). Here the bodies go through Buffer (native), and chunks are joined once.
 */
export class NativeJsonRpcProvider extends JsonRpcProvider {
  private readonly endpoints: RpcEndpointFailover;

  /** `endpoints`: the RPC_URL list's failover, shared by every client of the node; default: the connection's URL. */
  constructor(
    connection: FetchRequest,
    network?: Networkish,
    options?: JsonRpcApiProviderOptions,
    endpoints?: RpcEndpointFailover,
  ) {
    super(connection, network, options);
    this.endpoints = endpoints ?? new RpcEndpointFailover([connection.url]);
  }

  override async _send(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<JsonRpcResult[]> {
    const body = Buffer.from(JSON.stringify(payload), "utf8");
    const answer = await this.endpoints.send(
      async (url) => {
        const request = this._getConnection();
        request.url = url;
        request.body = body;
        request.setHeader("content-type", "application/json");
        const response = await request.send();
        return { response, parsed: response.ok() ? parseJson(response.body) : NOT_JSON };
      },
      sendsTransaction(payload) ? "write" : "read",
      ({ response, parsed }) => {
        const status = response.statusCode;
        if (status === 429 || status >= 500) return `HTTP ${status}`;
        return parsed === NOT_JSON && response.ok() ? "answer is not JSON" : null;
      },
    );
    answer.response.assertOk();
    // ethers' own decoder then throws the error it always threw for a body that is not JSON.
    const parsed = answer.parsed === NOT_JSON ? answer.response.bodyJson : answer.parsed;
    // ethers' own type; error answers travel in the same array and the batch code tells them apart.
    return (Array.isArray(parsed) ? parsed : [parsed]) as JsonRpcResult[];
  }
}

const NOT_JSON: unique symbol = Symbol("not JSON");

function parseJson(body: Uint8Array | null): unknown {
  try {
    return JSON.parse(body === null ? "" : textOf(body));
  } catch {
    return NOT_JSON;
  }
}

/** A transaction handed to the node: failed over only when it certainly never reached one (see the failover). */
function sendsTransaction(payload: JsonRpcPayload | JsonRpcPayload[]): boolean {
  const calls = Array.isArray(payload) ? payload : [payload];
  return calls.some((call) => call.method === "eth_sendRawTransaction" || call.method === "eth_sendTransaction");
}

/** Rejects invalid UTF-8 as ethers' decoder does (then handed back to it for its error). */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A JSON-RPC answer is nearly always ASCII, which reads as Latin-1 byte for byte, natively and at twice the speed of
 * the checking UTF-8 decoder (a 10 MB debug_traceCall answer: ~10 ms less); anything else goes through that decoder.
 */
function textOf(body: Uint8Array): string {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return isAscii(bytes) ? bytes.toString("latin1") : UTF8.decode(bytes);
}

/** ethers' Node getUrl (same timeout, cancellation, gzip and errors), with the answer's chunks joined once. */
export const chunkJoiningGetUrl: FetchGetUrlFunc = async (req, signal) => {
  const protocol = req.url.split(":")[0]?.toLowerCase();
  if (protocol !== "http" && protocol !== "https")
    throw makeError(`unsupported protocol ${protocol}`, "UNSUPPORTED_OPERATION", {
      info: { protocol },
      operation: "request",
    });
  if (protocol === "http" && req.credentials !== null && !req.allowInsecureAuthentication)
    throw makeError("insecure authorized connections unsupported", "UNSUPPORTED_OPERATION", { operation: "request" });
  const abort = new AbortController();
  const request = (protocol === "http" ? http : https).request(req.url, {
    method: req.method,
    headers: { ...req.headers },
    signal: abort.signal,
  });
  request.setTimeout(req.timeout);
  if (req.body !== null) request.write(Buffer.from(req.body.buffer, req.body.byteOffset, req.body.byteLength));
  request.end();
  return new Promise((resolve, rejectWith) => {
    const reject = (error: unknown): void => rejectWith(error instanceof Error ? error : new Error(String(error)));
    signal?.addListener(() => {
      abort.abort();
      reject(makeError("request cancelled", "CANCELLED"));
    });
    request.on("timeout", () => reject(makeError("request timeout", "TIMEOUT")));
    request.once("response", (resp) => {
      const statusCode = resp.statusCode ?? 0;
      const statusMessage = resp.statusMessage ?? "";
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(resp.headers))
        headers[name] = Array.isArray(value) ? value.join(", ") : (value ?? "");
      const chunks: Buffer[] = [];
      resp.on("data", (chunk: Buffer) => {
        if (signal !== undefined) {
          try {
            signal.checkSignal();
          } catch (error) {
            reject(error);
            return;
          }
        }
        chunks.push(chunk);
      });
      resp.on("end", () => {
        try {
          const joined = chunks.length === 0 ? null : Buffer.concat(chunks);
          const body = joined !== null && headers["content-encoding"] === "gzip" ? gunzipSync(joined) : joined;
          // A view of the joined bytes, not a copy of them.
          const bytes = body === null ? null : new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
          resolve({ statusCode, statusMessage, headers, body: bytes });
        } catch (error) {
          reject(makeError("bad response data", "SERVER_ERROR", { request: req, info: { response: resp, error } }));
        }
      });
      resp.on("error", (error) => reject(error));
    });
    request.on("error", (error) => reject(error));
  });
};

/** The connection the chain reader uses: ethers' FetchRequest with the chunk-joining getUrl. */
export function nativeConnection(url: string): FetchRequest {
  const connection = new FetchRequest(url);
  connection.getUrlFunc = chunkJoiningGetUrl;
  return connection;
}
