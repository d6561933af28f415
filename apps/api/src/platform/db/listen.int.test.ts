import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../../test/harness';
import type { DatabaseHandle } from './client';

// LISTEN/NOTIFY between processes (issue 22): the principal cache of every process is emptied through it.
describe.skipIf(!process.env.DATABASE_URL)('listening on PostgreSQL', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  it('hears notifications; a lost connection comes back by itself, says so, and hears again', async () => {
    const heard: string[] = [];
    let reconnects = 0;
    const stop = await handle.listen(
      'assess_test_channel',
      (payload) => heard.push(payload),
      () => reconnects++,
    );
    await handle.notify('assess_test_channel', 'one');
    await vi.waitFor(() => expect(heard).toEqual(['one']));

    // The database ends the listening connection (a restart, a network cut, a failover).
    const { rows } = await handle.sql.executeSql(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
        where application_name = 'assess-listen' and datname = current_database()`,
    );
    expect(rows).toHaveLength(1);
    await vi.waitFor(() => expect(reconnects).toBe(1), { timeout: 10_000 });
    await handle.notify('assess_test_channel', 'two');
    await vi.waitFor(() => expect(heard).toEqual(['one', 'two']));
    await stop();
  });
});
