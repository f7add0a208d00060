import nodemailer from "nodemailer";

/** Sends one plain-text email; never throws. */
export interface EmailTransport {
  send(
    to: string,
    subject: string,
    text: string,
  ): Promise<{ readonly ok: true } | { readonly ok: false; readonly detail: string }>;
}

/** nodemailer over SMTP_URL (e.g. `smtps://user:pass@smtp.example.org`); the sender is `from`. */
export function smtpEmailTransport(smtpUrl: string, from: string): EmailTransport {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(to, subject, text) {
      try {
        await transport.sendMail({ from, to, subject, text });
        return { ok: true };
      } catch (error) {
        // nodemailer errors can carry the SMTP URL; only the code and response line are kept.
        const { code, responseCode } = error as { code?: string; responseCode?: number };
        return {
          ok: false,
          detail: `smtp failed: ${code ?? "error"}${responseCode === undefined ? "" : ` ${responseCode}`}`,
        };
      }
    },
  };
}
