// Platform endpoints: liveness, and the browser tests' clock control.
import { z } from 'zod';
import { endpointGroup } from '../common/endpoint';
import { intSchema } from '../common/ints';

export const platformEndpoints = endpointGroup('platform', {
  health: {
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and database check',
    access: { public: true },
    response: z.object({ status: z.literal('ok'), node: z.string(), time: z.string() }),
  },
  /**
   * Only with TEST_CONTROLS=1 and NODE_ENV=test (browser tests): moves the server's clock forward, or back to the
   * real time with `reset` (a test file that moved it puts it back, so the next file's "today" is today).
   */
  advanceClock: {
    method: 'POST',
    path: '/api/test/clock',
    summary: "Moves the server's clock forward, or back to the real time (browser tests only)",
    access: { public: true },
    hidden: true,
    body: z.object({ advanceSeconds: intSchema.min(0).default(0), reset: z.boolean().default(false) }),
    response: z.object({ time: z.string() }),
  },
});
