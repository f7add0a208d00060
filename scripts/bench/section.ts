/** What one bench section hands the report: readable lines and the figures for the JSON blob. */
export interface SectionReport {
  readonly lines: readonly string[];
  readonly figures: Readonly<Record<string, unknown>>;
}

export interface Section {
  readonly key: string;
  readonly title: string;
  run(): Promise<SectionReport>;
}

/** Runs one section; a failure is reported and recorded, and the next section still runs. */
export async function runSection(section: Section): Promise<Record<string, unknown>> {
  console.log(`\n== ${section.title}`);
  const started = performance.now();
  try {
    const report = await section.run();
    for (const line of report.lines) console.log(`   ${line}`);
    const wallSeconds = Math.round(performance.now() - started) / 1000;
    console.log(`   (section took ${wallSeconds} s)`);
    return { ok: true, wallSeconds, ...report.figures };
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.log(`   FAILED: ${message.split("\n").slice(0, 4).join("\n   ")}`);
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
