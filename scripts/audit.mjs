// Known vulnerabilities of the production dependencies, from the registry's advisory database
// (`npm audit`). Fails on a high or critical one; prints the rest. Where the registry has no
// advisory endpoint (a mirror that answers only package downloads), it says so and passes: the
// check cannot be made there, which is not the same as no vulnerabilities.
import { spawnSync } from 'node:child_process';

const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  report = undefined;
}
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const reason =
    report?.message ?? (result.stderr.split('\n').find((line) => /error/i.test(line)) || 'no answer');
  console.log(`audit: not checked, the registry offers no advisory database here (${reason.trim()})`);
  process.exit(0);
}
const summary = ['critical', 'high', 'moderate', 'low', 'info']
  .map((level) => `${counts[level] ?? 0} ${level}`)
  .join(', ');
console.log(`audit: production dependencies: ${summary}`);
for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
  console.log(`  ${entry.severity.padEnd(8)} ${name} ${entry.range ?? ''}`);
}
process.exit((counts.critical ?? 0) + (counts.high ?? 0) > 0 ? 1 : 0);
