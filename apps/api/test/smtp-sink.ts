import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedAttachment = { filename: string; contentType: string; content: Buffer };
export type ReceivedMail = {
  /** Envelope sender and recipients (what the SMTP client said). */
  from: string;
  to: string[];
  /** Decoded headers (lower-case names; the last value of a repeated header). */
  headers: Record<string, string>;
  subject: string;
  text: string;
  html?: string;
  attachments: ReceivedAttachment[];
  raw: string;
};
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** An SMTP server on 127.0.0.1 (random port) that keeps what it receives, for tests. No TLS, no auth. */
export async function startSmtpSink() {
  const messages: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        messages.push({ ...parseMessage(raw), from, to: session.envelope.rcptTo.map((r) => r.address), raw });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Resolves once at least `count` messages arrived. */
    async waitFor(count: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline)
          throw new Error(`smtp sink: ${messages.length} of ${count} messages arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME: headers with encoded words, multipart bodies, base64 / quoted-printable parts. */
export function parseMessage(raw: string): Omit<ReceivedMail, 'from' | 'to' | 'raw'> {
  const { headers, body } = splitEntity(raw);
  const out: Omit<ReceivedMail, 'from' | 'to' | 'raw'> = {
    headers,
    subject: headers.subject ?? '',
    text: '',
    attachments: [],
  };
  walk(headers, body, out);
  return out;
}

function splitEntity(entity: string) {
  const at = entity.search(/\r?\n\r?\n/);
  const head = at < 0 ? entity : entity.slice(0, at);
  const body = at < 0 ? '' : entity.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function param(value: string | undefined, name: string) {
  const m = new RegExp(`${name}\\*?=(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value ?? '');
  return m ? (m[1] ?? m[2]) : undefined;
}

function walk(headers: Record<string, string>, body: string, out: Omit<ReceivedMail, 'from' | 'to' | 'raw'>) {
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = param(headers['content-type'], 'boundary');
    if (!boundary) return;
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const inner = splitEntity(part.replace(/^\r?\n/, ''));
      walk(inner.headers, inner.body.replace(/\r?\n$/, ''), out);
    }
    return;
  }
  const content = decodeBody(body, headers['content-transfer-encoding']);
  const disposition = headers['content-disposition'] ?? '';
  const filename = param(disposition, 'filename') ?? param(headers['content-type'], 'name');
  if (disposition.toLowerCase().startsWith('attachment') || (filename && !type.startsWith('text/'))) {
    out.attachments.push({ filename: filename ?? '', contentType: type.split(';')[0], content });
  } else if (type.startsWith('text/html')) {
    out.html ??= content.toString('utf8').replace(/\r\n/g, '\n');
  } else if (type.startsWith('text/')) {
    out.text ||= content.toString('utf8').replace(/\r\n/g, '\n');
  }
}

function decodeBody(body: string, encoding = '7bit'): Buffer {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQp(body.replace(/=\r?\n/g, ''));
    default:
      return Buffer.from(body, 'utf8');
  }
}

function decodeQp(s: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(s[i], 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?utf-8?Q?...?= / =?utf-8?B?...?=), adjacent words joined. */
function decodeWords(value: string) {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQp(text.replace(/_/g, ' ')).toString('utf8'),
    );
}
