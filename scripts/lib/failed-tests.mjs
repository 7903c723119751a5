// The failed tests of a run, by name, from the suites' JSON reports. CI keeps only the tail of a
// run's output, so the summary (the tail) must name them: counts alone left a failed CI run with
// nothing to reproduce.

const firstLine = (text) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex -- colour codes in assertion messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0) ?? '';

const short = (text, max = 200) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Vitest's JSON report: { testResults: [{ name, message?, assertionResults: [...] }] }. */
export function vitestFailures(report, root) {
  const out = [];
  for (const file of report?.testResults ?? []) {
    const name = root ? file.name.replace(`${root}/`, '') : file.name;
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) {
      out.push({
        where: `${name} › ${t.fullName ?? t.title}`,
        why: short(firstLine(t.failureMessages?.[0])),
      });
    }
    // A file that failed to load or whose hook failed has no failed assertion of its own.
    if (failed.length === 0 && file.status === 'failed') {
      out.push({ where: name, why: short(firstLine(file.message)) });
    }
  }
  return out;
}

/** Playwright's JSON report: nested suites of specs; a test failing or only passing on retry. */
export function playwrightFailures(report) {
  const out = [];
  const walk = (suite, outer) => {
    // A file's own suite is titled with its path, already in the spec's place.
    const titles = suite.title === suite.file ? outer : [...outer, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const error = t.results?.find((r) => r.status !== 'passed')?.error?.message;
        out.push({
          where: `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}${t.status === 'flaky' ? ' (passed on retry)' : ''}`,
          why: short(firstLine(error)),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, titles);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return out;
}

/** The cross-engine runner's report: { results: [{ engine, name, ok, error? }] }. */
export function crossEngineFailures(report) {
  return (report?.results ?? [])
    .filter((r) => !r.ok)
    .map((r) => ({ where: `${r.engine} › ${r.name}`, why: short(firstLine(r.error)) }));
}
