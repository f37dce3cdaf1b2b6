// @ts-check
/**
 * `npm run bench:faults`: the full form of tests/resilience/database-faults.test.ts (ADR 017):
 * 50 shoppers for 60 s against a shop on a private PostgreSQL cluster that is restarted (fast)
 * and then stopped for 10 s meanwhile. The test itself is the one implementation: this runs it
 * with FAULT_BENCH=1, shows its output, and writes its outcome (requests, 503s, slowest answer,
 * recovery, statuses per request kind) to the `faults` section of bench/RESULTS.md. Exits 1 when
 * the test failed (a 5xx other than 503, a hang, a crash, a lost or half-written order).
 */
import { spawn } from 'node:child_process';
import { ROOT } from './lib/process.mjs';
import { machineLine, writeSection } from './lib/results.mjs';

const child = spawn('npx', ['vitest', 'run', '--project', 'resilience', 'tests/resilience/database-faults.test.ts'], {
  cwd: ROOT,
  env: { ...process.env, FAULT_BENCH: '1', TEST_DATABASE_URL: '' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
child.stdout.on('data', (chunk) => {
  output += chunk;
  process.stdout.write(chunk);
});
const code = await new Promise((resolve) => child.on('exit', resolve));
// vitest colours its output; the summary line is read without the escapes.
const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
const outage = /outage run \((.*?)\): (.*)/.exec(plain);
const verdict =
  code === 0
    ? 'passed: only 503 + Retry-After during the outage, no hang, no crash, recovered, every OK order whole'
    : `**failed** (vitest exit ${code}; see its output)`;
writeSection(
  'faults',
  `## Database outage under load (\`npm run bench:faults\`)

${machineLine()}

The full form of \`tests/resilience/database-faults.test.ts\`: the production build on a private
PostgreSQL cluster, ${outage?.[1] ?? '50 shoppers, 60 s'}; the cluster is restarted fast (connections
cut) 10 s in, and stopped 15 s later for 10 s. Verdict: ${verdict}.

${outage ? `Outage run: ${outage[2]}` : 'No outage summary was printed (the test failed before it).'}
`,
);
process.exitCode = code === 0 ? 0 : 1;
