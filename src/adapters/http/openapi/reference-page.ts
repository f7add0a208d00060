const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

interface Op {
  summary?: string;
  responses?: Record<string, { description?: string }>;
}

/** A self-contained HTML reference (no scripts, no CDN: the machine may be offline). */
export function referencePage(document: Record<string, unknown>): string {
  const paths = document.paths as Record<string, Record<string, Op>>;
  const sections = Object.entries(paths).map(([path, methods]) =>
    Object.entries(methods)
      .map(([method, op]) => {
        const rows = Object.entries(op.responses ?? {})
          .map(([status, r]) => `<tr><td>${status}</td><td>${escape(r.description ?? "")}</td></tr>`)
          .join("");
        return `<section><h2><code>${method.toUpperCase()} ${escape(path)}</code></h2><p>${escape(op.summary ?? "")}</p><table>${rows}</table></section>`;
      })
      .join(""),
  );
  return `<!doctype html><html><head><meta charset="utf-8"><title>Credence API</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse}td{border:1px solid #ccc;padding:.2rem .5rem}</style>
</head><body><h1>Credence API</h1><p>Machine-readable: <a href="/openapi.json">/openapi.json</a></p>${sections.join("")}</body></html>`;
}
