import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** Sends the sign-in code mail. */
export interface LoginMailer {
  sendLoginCode(to: string, code: string, minutesValid: number): Promise<void>;
  /** Where the mail goes, for the start-up log. */
  readonly destination: string;
}

export interface MailerConfig {
  /** smtp://user:pass@host:port or smtps://…; without it the mail is written to `outboxDir`. */
  smtpUrl: string | null;
  /** Sender address (MAIL_FROM). */
  from: string;
  outboxDir: string;
}

function message(from: string, to: string, code: string, minutesValid: number) {
  return {
    from,
    to,
    subject: `Your Lumacut sign-in code: ${code}`,
    text: `Your sign-in code is ${code}\n\nIt is valid for ${minutesValid} minutes. If you did not ask for it, ignore this mail.\n`,
  };
}

/**
 * The real mail path: nodemailer over SMTP when SMTP_URL is set. On the embedded default (no SMTP)
 * the same RFC 822 message is written as an .eml file into the outbox folder, which the log names,
 * so a self-hoster can sign in before configuring mail.
 */
export function createLoginMailer(config: MailerConfig): LoginMailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      destination: `SMTP ${new URL(config.smtpUrl).host}`,
      async sendLoginCode(to, code, minutesValid) {
        await transport.sendMail(message(config.from, to, code, minutesValid));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: `outbox folder ${config.outboxDir}`,
    async sendLoginCode(to, code, minutesValid) {
      const info = await transport.sendMail(message(config.from, to, code, minutesValid));
      await mkdir(config.outboxDir, { recursive: true });
      const safe = to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      await writeFile(path.join(config.outboxDir, `${Date.now()}-${safe}.eml`), info.message as Buffer);
    },
  };
}
