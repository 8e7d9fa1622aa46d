import { normalizeLanguage } from '@casino/shared/languages';
import { formatBRL, formatCentavos } from '@casino/shared/money';
import type { Database } from '../../db/database.ts';
import { translate } from '../../lib/i18n.ts';
import * as repo from './communications.repository.ts';

/**
 * Tells a member something about responsible gaming: a notification in the information centre
 * (kind `kind`, texts from the catalogue's `info.kinds.<kind>`, so each reader sees them in the
 * language they read in) and, in the same transaction, a row of the communications log with the
 * date and time, the channel and the text as sent, in the member's language.
 */
export interface Notice {
  memberId: number;
  /** A catalogue kind: info.kinds.<kind>.title and .body. */
  kind: string;
  /** Centavos shown as `{{amount}}` (the information centre formats "12.34" as the reader's money). */
  amountCentavos?: number;
  nowIso: string;
}

/** The notice's title and body in `lang`. */
export function noticeText(lang: string, notice: Pick<Notice, 'kind' | 'amountCentavos'>): { title: string; body: string } {
  const values: Record<string, string> = {};
  if (notice.amountCentavos !== undefined) values.amount = formatBRL(notice.amountCentavos, lang);
  return {
    title: translate(lang, `info.kinds.${notice.kind}.title`, values),
    body: translate(lang, `info.kinds.${notice.kind}.body`, values),
  };
}

/** Writes the notification and its log row; run it inside the transaction that decided to tell. */
export async function notifyMember(db: Database, notice: Notice): Promise<void> {
  const member = await repo.memberLanguage(db, notice.memberId);
  const lang = normalizeLanguage(member?.lang);
  const params: Record<string, string> = {};
  if (notice.amountCentavos !== undefined) params.amount = formatCentavos(notice.amountCentavos);
  await repo.insertSystemNotification(db, {
    memberId: notice.memberId,
    kind: notice.kind,
    paramsJson: JSON.stringify(params),
    createdAt: notice.nowIso,
  });
  const text = noticeText(lang, notice);
  await repo.insertCommunication(db, {
    memberId: notice.memberId,
    channel: 'notification',
    kind: notice.kind,
    lang,
    content: `${text.title}\n${text.body}`,
    createdAt: notice.nowIso,
  });
}
