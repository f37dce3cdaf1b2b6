import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobRuns } from '@/server/db/schema/index';
import { JOB_INSTANCE, runSharedJob, scheduleSharedJob } from '@/server/services/shared-jobs.server';
import { testEngine, useTestDatabase } from '../helpers/db';

const database = useTestDatabase({ seed: 'none' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function runRow(name: string) {
  const [row] = await database().db.select().from(jobRuns).where(eq(jobRuns.name, name));
  return row;
}

describe(`runSharedJob on ${testEngine()}`, () => {
  it('runs a due job once, records it, and skips it until most of the interval has passed', async () => {
    const job = { name: 'test-due', intervalMs: 400 };
    let calls = 0;
    const first = await runSharedJob(database(), job, async () => ++calls);
    expect(first).toEqual({ ran: true, value: 1 });
    expect(await runSharedJob(database(), job, async () => ++calls)).toEqual({ ran: false, reason: 'not-due' });
    const row = await runRow(job.name);
    expect(row).toMatchObject({ runs: 1, lastInstance: JOB_INSTANCE });
    expect(row?.lastFinishedAt).toBeInstanceOf(Date);
    await sleep(450);
    expect(await runSharedJob(database(), job, async () => ++calls)).toEqual({ ran: true, value: 2 });
    expect((await runRow(job.name))?.runs).toBe(2);
    expect(calls).toBe(2);
  });

  it('does not count a failed run: the next tick tries again', async () => {
    const job = { name: 'test-failing', intervalMs: 60_000 };
    await expect(runSharedJob(database(), job, async () => Promise.reject(new Error('SMTP down')))).rejects.toThrow(
      'SMTP down',
    );
    expect(await runRow(job.name)).toBeUndefined();
    expect(await runSharedJob(database(), job, async () => 'sent')).toEqual({ ran: true, value: 'sent' });
    expect((await runRow(job.name))?.runs).toBe(1);
  });
});

// Only PostgreSQL has several instances; PGlite's data directory belongs to one process.
if (testEngine() === 'postgres')
  describe('runSharedJob between instances on PostgreSQL', () => {
    it('lets one of two simultaneous ticks run; the other sees the advisory lock taken', async () => {
      const job = { name: 'test-busy', intervalMs: 60_000 };
      let running = 0;
      let most = 0;
      const work = async () => {
        most = Math.max(most, ++running);
        await sleep(300);
        running--;
        return 'done';
      };
      const outcomes = await Promise.all([runSharedJob(database(), job, work), runSharedJob(database(), job, work)]);
      expect(outcomes).toEqual(
        expect.arrayContaining([
          { ran: true, value: 'done' },
          { ran: false, reason: 'busy' },
        ]),
      );
      expect(most).toBe(1);
      expect((await runRow(job.name))?.runs).toBe(1);
      // Once the run has committed, later ticks in the interval find it done, not busy.
      expect(await runSharedJob(database(), job, work)).toEqual({ ran: false, reason: 'not-due' });
    });

    it('three instances ticking out of step run the job about once per interval, not three times', async () => {
      const job = { name: 'test-ticks', intervalMs: 200 };
      let runs = 0;
      const stops: Array<() => Promise<void>> = [];
      for (const offset of [0, 70, 140]) {
        await sleep(offset === 0 ? 0 : 70);
        stops.push(scheduleSharedJob(database(), job, async () => void runs++));
      }
      await sleep(2_100);
      await Promise.all(stops.map((stop) => stop()));
      // 2 s / 200 ms ≈ 10 runs (30 if every instance ran on each of its ticks).
      expect(runs).toBeGreaterThanOrEqual(6);
      expect(runs).toBeLessThanOrEqual(12);
      expect((await runRow(job.name))?.runs).toBe(runs);
    });
  });
