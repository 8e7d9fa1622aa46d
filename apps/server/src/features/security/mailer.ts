import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../context.ts';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';

export function createMailer(options: { smtpUrl?: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  const transport: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(db, mail) {
      const row = await db
        .insertInto('email_outbox')
        .values({
          to_address: mail.to,
          subject: mail.subject,
          body: mail.text,
          transport: transport ? 'smtp' : 'outbox',
          created_at: nowIso(),
          sent_at: null,
          error: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) return;
      try {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
        await db.updateTable('email_outbox').set({ sent_at: nowIso() }).where('id', '=', row.id).execute();
      } catch (error) {
        options.log.error({ err: error, outboxId: row.id }, 'email not sent');
        await db
          .updateTable('email_outbox')
          .set({ error: String((error as Error).message ?? error).slice(0, 500) })
          .where('id', '=', row.id)
          .execute();
      }
    },
  };
}
