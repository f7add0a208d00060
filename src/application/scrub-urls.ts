/**
 * Providers put API keys in a URL's path (`/v2/<key>`), query (`?apikey=`) or userinfo, and
 * ethers copies the URL into its error messages (`requestUrl`). Failure details and logs keep
 * only a URL's scheme and host.
 */
const URL_IN_TEXT = /\b(https?|wss?):\/\/([^\s"'`<>\\]*)/gi;
/** Where the authority ends: the first of these starts the path, query or fragment. */
const AUTHORITY = /^[^/?#]*/;
/** Punctuation that closes the sentence or structure around a URL rather than belonging to it. */
const TRAILING_PUNCTUATION = /[)\]},;.:]+$/;

export const REDACTED = "<redacted>";

function scrubOne(scheme: string, url: string): string {
  const closing = TRAILING_PUNCTUATION.exec(url)?.[0] ?? "";
  const rest = url.slice(0, url.length - closing.length);
  const authority = AUTHORITY.exec(rest)?.[0] ?? "";
  const at = authority.lastIndexOf("@");
  const host = at === -1 ? authority : authority.slice(at + 1);
  const tail = rest.slice(authority.length);
  const hidesSomething = at !== -1 || (tail !== "" && tail !== "/");
  return `${scheme}://${host}${hidesSomething ? `/${REDACTED}` : ""}${closing}`;
}

/** `text` with every http(s)/ws(s) URL cut to `scheme://host/<redacted>` (path, query, userinfo dropped). */
export function scrubUrls(text: string): string {
  return text.replace(URL_IN_TEXT, (_match, scheme: string, rest: string) => scrubOne(scheme.toLowerCase(), rest));
}
