// @ts-check
/**
 * bench/RESULTS.md is shared by every bench script: each owns one section between
 * `<!-- bench:NAME -->` and `<!-- /bench:NAME -->` and replaces only that, so results of
 * different benchmarks (and runs on different days) sit side by side.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

export const RESULTS_FILE = fileURLToPath(new URL('../RESULTS.md', import.meta.url));

const HEADER = `# Benchmark results

Written by the scripts in \`bench/\` (each replaces its own section); numbers are from the
machine named in each section. Re-run a benchmark with the npm script named in its section.
`;

/** @returns {{ date: string, nproc: number, cpu: string, memoryGiB: number, node: string, commit: string, load: string }} */
export function machineInfo() {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // not a git checkout
  }
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    nproc: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    commit,
    // Other work on the machine skews timings; the 1-minute load average tells whether it did.
    load: (loadavg()[0] ?? 0).toFixed(2),
  };
}

/** One markdown line describing where and when a result was measured. */
export function machineLine() {
  const m = machineInfo();
  return `Measured ${m.date} at commit ${m.commit} on ${m.nproc} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}, load average ${m.load}.`;
}

/**
 * Replaces (or appends) the section `name` of bench/RESULTS.md with `markdown`.
 * @param {string} name e.g. 'startup'
 * @param {string} markdown the section body, starting with its own heading
 * @param {string} [file]
 */
export function writeSection(name, markdown, file = RESULTS_FILE) {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from !== -1 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}

/**
 * @param {number[]} values at least one
 * @returns {{ min: number, median: number, max: number }}
 */
export function stats(values) {
  if (values.length === 0) throw new Error('stats() of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const at = (/** @type {number} */ i) => /** @type {number} */ (sorted[i]);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
  return { min: at(0), median, max: at(sorted.length - 1) };
}
