/**
 * The mail port (docs/decisions/support-tickets.md): one function any module may be handed to send a plain-text
 * e-mail. With SMTP_URL unset it is `mailDisabled`, which sends nothing, so nothing depends on a mail server.
 */
export type MailMessage = { to: string; subject: string; text: string; replyTo?: string };

export type SendMail = (message: MailMessage) => Promise<void>;

export type Mailer = {
  /** False when no SMTP server is configured: callers may skip work only mail needs. */
  enabled: boolean;
  sendMail: SendMail;
  close: () => Promise<void>;
};

export const mailDisabled: Mailer = {
  enabled: false,
  sendMail: async () => undefined,
  close: async () => undefined,
};
