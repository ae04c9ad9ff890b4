import type { Transporter } from 'nodemailer';
import type { Mailer } from './mailer.ts';

/**
 * The mail port over nodemailer's SMTP transport; `smtpUrl` is e.g. smtp://user:pass@mail.example.com:587.
 * nodemailer is loaded by the first message sent, not at start (~25 MB resident; docs/decisions/memory.md).
 */
export const createNodemailerMailer = ({ smtpUrl, from }: { smtpUrl: string; from: string }): Mailer => {
  let transport: Promise<Transporter> | undefined;
  const open = () => {
    transport ??= import('nodemailer').then(({ createTransport }) => createTransport(smtpUrl));
    return transport;
  };
  return {
    enabled: true,
    sendMail: async (message) => {
      await (await open()).sendMail({ from, ...message });
    },
    close: async () => {
      if (transport) (await transport).close();
    },
  };
};
