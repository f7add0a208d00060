/** Base64 (or base64url) text to its JSON value; undefined when it is neither. */
export function decodeBase64Json(text: string): unknown {
  const normalised = text.trim().replace(/-/g, "+").replace(/_/g, "/");
  if (normalised === "" || !/^[A-Za-z0-9+/]+=*$/.test(normalised)) return undefined;
  try {
    const binary = atob(normalised);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

/** JSON value to standard base64 of its UTF-8 text, as x402 headers carry it. */
export function encodeBase64Json(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
