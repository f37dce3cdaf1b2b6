/**
 * Child process for tests/integration/lock.test.ts: takes the DATA_DIR lock given as argv[2].
 * Exits 0 after taking it (releasing it on exit, as the server does), 3 with the error message
 * on stderr when the lock is held, and stays alive while argv[3] is 'hold' until stdin closes.
 */
import { lockDataDir } from '@/server/db/lock';

const [dir, mode] = process.argv.slice(2);
try {
  lockDataDir(dir!);
  process.stdout.write('locked\n');
  if (mode === 'hold') {
    process.stdin.resume();
    process.stdin.on('end', () => process.exit(0));
  }
} catch (error) {
  process.stderr.write(`${(error as Error).name}: ${(error as Error).message}\n`);
  process.exit(3);
}
