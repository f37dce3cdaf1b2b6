/**
 * A progress bar for long scripts: redrawn in place on a terminal, a plain line every 10 % when the
 * output is a file or a pipe (CI logs stay readable).
 */
import type { WriteStream } from 'node:tty';

export function progressLine(out: NodeJS.WriteStream | WriteStream, total: number, width = 30) {
  const started = performance.now();
  let lastTenth = -1;
  const text = (done: number) => {
    const share = total === 0 ? 1 : done / total;
    const filled = Math.round(share * width);
    const rate = done / Math.max(0.001, (performance.now() - started) / 1000);
    return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} rows ${(share * 100).toFixed(0)} % ${Math.round(rate)} rows/s`;
  };
  return {
    update(done: number) {
      if (out.isTTY) out.write(`\r${text(done)}`);
      else {
        const tenth = Math.floor((total === 0 ? 1 : done / total) * 10);
        if (tenth !== lastTenth) out.write(`${text(done)}\n`);
        lastTenth = tenth;
      }
    },
    finish() {
      if (out.isTTY) out.write('\n');
    },
  };
}
