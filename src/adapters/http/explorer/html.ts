/**
 * HTML built by a tagged template that escapes every interpolated value unless it is already `Html`:
 * token names, evidence details and anything else read from the chain are attacker-controlled, so
 * escaping is the default and trusting a fragment is the explicit act.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ENTITIES[c]!);
}

type Part = Html | string | number | bigint | boolean | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return "";
  if (part instanceof Html) return part.text;
  if (Array.isArray(part)) return (part as readonly Part[]).map(render).join("");
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...values: readonly Part[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new Html(out);
}

/** Markup this module wrote itself (never text from a request or the chain). */
export const trusted = (text: string): Html => new Html(text);

/** JSON for a `<script type="application/json">` data block: `<` escaped so no `</script>` can close it. */
export function jsonDataBlock(id: string, value: unknown): Html {
  const json = JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v))
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return html`<script type="application/json" id="${id}">
    ${trusted(json)}
  </script>`;
}
