import nodemailer, { type Transporter } from 'nodemailer';

/**
 * SMTP when SMTP_URL is set; otherwise a transport that only hands the message back, so the
 * e-mail log records it (development without a mail server). The SMTP timeouts bound one attempt
 * well inside the outbox's lease (nodemailer's own allow minutes of silence).
 */
export function createMailTransport(smtpUrl: string | undefined): Transporter {
  if (smtpUrl) {
    return nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
  }
  return nodemailer.createTransport({ jsonTransport: true });
}
