import { createTransport } from 'nodemailer';
import type { Mailer } from './mailer.ts';

/** The mail port over nodemailer's SMTP transport; `smtpUrl` is e.g. smtp://user:pass@mail.example.com:587. */
export const createNodemailerMailer = ({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer => {
  const transport = createTransport(smtpUrl);
  return {
    enabled: true,
    sendMail: async (message) => {
      await transport.sendMail({ from, ...message });
    },
    close: async () => transport.close(),
  };
};
