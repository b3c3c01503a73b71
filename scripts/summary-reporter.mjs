// The Vitest reporter behind `npm test`'s summary: each pass's counts, and one line per failed test
// and per suite or file that failed outside its tests (a `beforeAll` that threw fails its suite and
// skips its tests; Vitest's JSON report has no text for it). Written as JSON to
// PARLEY_SUMMARY_FILE: { passed, failed, skipped, failures }.
import fs from 'node:fs';
import path from 'node:path';

const firstLine = (message) =>
  String(message ?? '')
    .split('\n')
    .find((l) => l.trim())
    ?.trim() ?? '';

export default class SummaryReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.PARLEY_SUMMARY_FILE;
    if (!file) {
      return;
    }
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const failures = [];
    const add = (where, errors) => {
      for (const e of errors ?? []) {
        failures.push(`${where}: ${firstLine(e?.message ?? e)}`.slice(0, 400));
      }
    };
    for (const mod of testModules) {
      const where = path.relative(process.cwd(), mod.moduleId);
      add(where, mod.errors());
      for (const suite of mod.children.allSuites()) {
        add(`${where} > ${suite.fullName}`, suite.errors());
      }
      for (const test of mod.children.allTests()) {
        const { state, errors } = test.result();
        if (state === 'passed' || state === 'failed') {
          counts[state] += 1;
        } else {
          counts.skipped += 1;
        }
        if (state === 'failed') {
          add(`${where} > ${test.fullName}`, errors?.slice(0, 1));
        }
      }
    }
    add('unhandled', unhandledErrors);
    fs.writeFileSync(file, JSON.stringify({ ...counts, failures }));
  }
}
