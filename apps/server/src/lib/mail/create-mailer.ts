import type { Config } from '../../config.ts';
import { type Mailer, mailDisabled } from './mailer.ts';
import { createNodemailerMailer } from './nodemailer-mailer.ts';

/** SMTP when SMTP_URL is set, otherwise the mailer that sends nothing. */
export const createMailer = (mail: Config['mail']): Mailer =>
  mail.smtpUrl ? createNodemailerMailer({ smtpUrl: mail.smtpUrl, from: mail.from }) : mailDisabled;
