import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { formatBRL } from '@casino/shared/money';
import { currentLanguage, htmlLangOf } from '../../lib/i18n.ts';

/** The centre's texts: the `care` catalogue's "responsible" object. */
export function useCareTranslation() {
  return useTranslation('care', { keyPrefix: 'responsible' });
}

const SAO_PAULO = 'America/Sao_Paulo';

/** Centavos as the reader writes money. */
export function money(centavos: number): string {
  return formatBRL(centavos, currentLanguage());
}

/**
 * An instant as "28/11 às 14:00" (pt) or the reader's equivalent, in São Paulo time: limits reset
 * on São Paulo days and the server's messages name São Paulo times, so the centre says the same.
 */
export function useWhen() {
  const { t } = useCareTranslation();
  const locale = htmlLangOf(currentLanguage());
  return (iso: string, withYear = false) => {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return iso;
    const day = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      timeZone: SAO_PAULO,
      ...(withYear ? { year: 'numeric' } : {}),
    }).format(date);
    const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: SAO_PAULO }).format(date);
    return t('when', { day, time });
  };
}

/** A section of the centre: a heading, an optional line under it, its content. */
export function Section({ title, lead, children, id }: { title: string; lead?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl border border-line/70 bg-surface p-4 md:p-5">
      <div className="flex flex-col gap-1">
        <h2 id={id} className="text-[15px] font-bold text-white">
          {title}
        </h2>
        {lead ? <p className="text-[13px] leading-relaxed text-muted">{lead}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** A thin bar of how much of a limit is used; amber past 80 %, red when reached. */
export function UsageBar({ share, label }: { share: number; label: string }) {
  const percent = Math.round(share * 100);
  const tone = share >= 1 ? 'bg-danger' : share >= 0.8 ? 'bg-amber-400' : 'bg-money';
  return (
    <div
      className="h-1.5 w-full overflow-hidden rounded-full bg-ink/70"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className={`h-full rounded-full ${tone}`} style={{ width: `${Math.max(percent, share > 0 ? 2 : 0)}%` }} />
    </div>
  );
}
