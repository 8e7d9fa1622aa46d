import type { FixtureSummary } from '@casino/shared/schemas/sports';
import { daysFromToday, kickoffTime, shortDay } from '../fixture-time.ts';
import { useSportsTranslation } from '../sports-i18n.ts';

/** "Hoje 16:00", "Amanhã 16:00" or "sáb., 23/11 16:00": when a scheduled fixture kicks off. */
export function useKickoffLabel() {
  const { t } = useSportsTranslation();
  return (iso: string) => {
    const days = daysFromToday(iso);
    const day = days === 0 ? t('fixture.today') : days === 1 ? t('fixture.tomorrow') : shortDay(iso);
    return `${day} ${kickoffTime(iso)}`;
  };
}

/** Where a fixture stands: the live minute (with a pulsing dot), the kick-off, full time or cancelled. */
export function FixtureClock({
  fixture,
  className = '',
}: {
  fixture: Pick<FixtureSummary, 'status' | 'minute' | 'starts_at'>;
  className?: string;
}) {
  const { t } = useSportsTranslation();
  const kickoff = useKickoffLabel();
  if (fixture.status === 'live') {
    return (
      <span className={`inline-flex items-center gap-1.5 font-semibold text-danger ${className}`}>
        <span className="relative flex size-2">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-danger/70" />
          <span className="relative inline-flex size-2 rounded-full bg-danger" />
        </span>
        {t('status.live')} {t('status.minute', { minute: fixture.minute })}
      </span>
    );
  }
  if (fixture.status === 'finished') return <span className={`text-muted ${className}`}>{t('status.finished')}</span>;
  if (fixture.status === 'cancelled') return <span className={`text-muted ${className}`}>{t('status.cancelled')}</span>;
  return <span className={`text-soft tabular-nums ${className}`}>{kickoff(fixture.starts_at)}</span>;
}
