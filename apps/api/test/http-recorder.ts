import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  method: string;
  /** Path and query as received. */
  url: string;
  /** Lower-case header names. */
  headers: http.IncomingHttpHeaders;
  body: Buffer;
};
export type Reply = { status: number; body?: string; headers?: Record<string, string> } | 'hang';
export type HttpRecorder = Awaited<ReturnType<typeof startHttpRecorder>>;

/**
 * A plain HTTP server on 127.0.0.1 (random port) that records every request and answers with `reply`
 * (settable per test; 'hang' never answers, for timeouts). Stands in for push services and the WhatsApp API.
 */
export async function startHttpRecorder(initial: Reply = { status: 201 }) {
  const requests: RecordedRequest[] = [];
  let reply: (r: RecordedRequest) => Reply = () => initial;
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rec = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(rec);
      const r = reply(rec);
      if (r === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(r.status, r.headers ?? {});
      res.end(r.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Sets the answer for the next requests (a value, or a function of the request). */
    answer(r: Reply | ((req: RecordedRequest) => Reply)) {
      reply = typeof r === 'function' ? r : () => r;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
