// Sums vitest (jest-style JSON) and Playwright JSON reports into one closing line:
// "tests: N passed, N failed, N skipped". Run directly to sum every report under test-results/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

function countReport(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0, missing: true };
  const json = JSON.parse(readFileSync(file, 'utf8'));
  if (json.stats && 'expected' in json.stats) {
    // Playwright: flaky counts as failed, since we allow no retries.
    const { expected, unexpected, flaky, skipped } = json.stats;
    return { passed: expected, failed: unexpected + flaky, skipped };
  }
  return {
    passed: json.numPassedTests ?? 0,
    failed: (json.numFailedTests ?? 0) + (json.numRuntimeErrorTestSuites ?? 0),
    skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
  };
}

export function summarize(files) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const file of files) {
    const c = countReport(file);
    if (c.missing) console.log(`(no report at ${file}: counted as one failure)`);
    total.passed += c.passed;
    total.failed += c.failed;
    total.skipped += c.skipped;
  }
  console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return total;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? join(process.cwd(), 'test-results');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(dir, f));
  const { failed } = summarize(files);
  process.exit(failed ? 1 : 0);
}
