import net from 'node:net';

/**
 * A TCP port free on 127.0.0.1 right now (the system picks it; the listener closes before this resolves): for
 * the servers the process tests, the browser journeys and the exam benches start.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
