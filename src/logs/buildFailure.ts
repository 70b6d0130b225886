// Why a build failed, in one line of its log: for a deploy's, a rebuild's and a diagnosis's summary.

/** The last line of the build that says why it failed (Dokku marks them ` !`), else the last line that is not blank. */
export function buildFailure(buildLines: readonly string[]): string | undefined {
  const marked = [...buildLines].reverse().find((l) => /^\s*!\s+\S/.test(l));
  return (marked ?? buildLines.findLast((l) => l.trim()))?.replace(/^\s*!\s+/, '').trim() || undefined;
}
