import { textDefect } from "../../../domain/text/well-formed-text";

/** No request body in the API contract nests more than a few levels; 32 leaves room and keeps walks cheap. */
export const MAX_JSON_DEPTH = 32;
/** Every value, key and container counts; our largest bodies (batches of addresses) stay far below. */
export const MAX_JSON_NODES = 10_000;

export type JsonShapeDefect = "too_deep" | "too_many_nodes" | "ill_formed_string" | "control_character";

/**
 * Bracket depth of raw JSON text, scanned before `JSON.parse`: the parser recurses, and a document
 * thousands of levels deep would overflow its stack. Brackets inside strings do not count.
 */
export function exceedsDepth(raw: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped, whatever it is
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

function stringDefect(value: string): JsonShapeDefect | null {
  const defect = textDefect(value);
  if (defect === null) return null;
  return defect === "lone_surrogate" ? "ill_formed_string" : "control_character";
}

/**
 * Why a parsed document is refused, or null. An explicit stack rather than recursion: the walk
 * must not be the thing a hostile document overflows. Tab, line feed and carriage return pass.
 */
export function jsonShapeDefect(document: unknown, maxNodes: number = MAX_JSON_NODES): JsonShapeDefect | null {
  const stack: unknown[] = [document];
  let nodes = 0;
  while (stack.length > 0) {
    const value = stack.pop();
    if (++nodes > maxNodes) return "too_many_nodes";
    if (typeof value === "string") {
      const defect = stringDefect(value);
      if (defect !== null) return defect;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        const defect = stringDefect(key);
        if (defect !== null) return defect;
        stack.push(item);
      }
    }
  }
  return null;
}
