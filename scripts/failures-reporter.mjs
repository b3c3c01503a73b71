// A Vitest reporter for `npm test`'s summary: one line per failed test, and per suite or file that
// failed outside its tests (a `beforeAll` that threw fails its suite and skips its tests, and the
// JSON report says nothing of why). Written to PARLEY_FAILURES_FILE as a JSON array of strings.
import fs from 'node:fs';
import path from 'node:path';

const firstLine = (message) =>
  String(message ?? '')
    .split('\n')
    .find((l) => l.trim())
    ?.trim() ?? '';

export default class FailuresReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.PARLEY_FAILURES_FILE;
    if (!file) {
      return;
    }
    const lines = [];
    const add = (where, errors) => {
      for (const e of errors ?? []) {
        lines.push(`${where}: ${firstLine(e?.message ?? e)}`.slice(0, 400));
      }
    };
    for (const mod of testModules) {
      const where = path.relative(process.cwd(), mod.moduleId);
      add(where, mod.errors());
      for (const suite of mod.children.allSuites()) {
        add(`${where} > ${suite.fullName}`, suite.errors());
      }
      for (const test of mod.children.allTests('failed')) {
        add(`${where} > ${test.fullName}`, test.result().errors?.slice(0, 1));
      }
    }
    add('unhandled', unhandledErrors);
    fs.writeFileSync(file, JSON.stringify(lines));
  }
}
