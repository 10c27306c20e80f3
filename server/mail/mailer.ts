import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends the product's email. */
export interface Mailer {
  /** 'sent' when it left for its recipient; 'sink' when it was only written to the mail sink. */
  send(mail: Mail): Promise<'sent' | 'sink'>;
}

/**
 * Mail through SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to the mail
 * sink (DATA_DIR/mail), where a developer or a test reads it: nothing leaves the machine by accident.
 */
export function createMailer(config: Config['mail']): Mailer {
  const transport: Transporter = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.from, ...mail });
      if (config.smtpUrl) return 'sent';
      await mkdir(config.sinkDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^\w.@-]/g, '_')}.eml`;
      await writeFile(path.join(config.sinkDir, name), (info as { message: Buffer }).message);
      return 'sink';
    },
  };
}
