import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  /** Raw messages received, oldest first. */
  messages: Array<{ to: string[]; raw: string }>;
  /** The latest 6-digit sign-in code mailed to `address`. */
  codeFor(address: string): string;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps every mail it receives. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: TestSmtp['messages'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    codeFor(address) {
      const mail = messages.filter((m) => m.to.includes(address.toLowerCase())).at(-1);
      const code = mail?.raw.match(/sign-in code is (\d{6})/)?.[1];
      if (!code) throw new Error(`no sign-in code was mailed to ${address}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
