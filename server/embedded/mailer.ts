/**
 * Mail the wallet origin sends (one-time codes, device approvals) over SMTP with nodemailer.
 * @module
 */
import nodemailer from 'nodemailer'
import type { EmbeddedConfig } from './config.js'

/** A message to one address. */
export interface Mail {
  readonly to: string
  readonly subject: string
  readonly text: string
}

/** Sends mail. */
export interface Mailer {
  send(mail: Mail): Promise<void>
  close(): void
}

/**
 * An SMTP mailer. Every send is bounded (connection, greeting and socket timeouts).
 * @param smtp - the configured server.
 * @returns the mailer.
 */
export function createMailer(smtp: EmbeddedConfig['smtp']): Mailer {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    tls: { rejectUnauthorized: !smtp.allowSelfSigned },
  })
  return {
    send: async (mail) => {
      await transport.sendMail({ from: smtp.from, ...mail })
    },
    close: () => transport.close(),
  }
}
