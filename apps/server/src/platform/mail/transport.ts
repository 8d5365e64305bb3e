import nodemailer, { type Transporter } from 'nodemailer';

/**
 * SMTP when SMTP_URL is set; otherwise a transport that only hands the message back, so the
 * e-mail log records it (development without a mail server).
 */
export function createMailTransport(smtpUrl: string | undefined): Transporter {
  if (smtpUrl) return nodemailer.createTransport(smtpUrl);
  return nodemailer.createTransport({ jsonTransport: true });
}
