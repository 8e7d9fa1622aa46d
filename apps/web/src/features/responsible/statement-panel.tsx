import { moneyStringToCentavos } from '@casino/shared/money';
import { STATEMENT_MAX_DAYS } from '@casino/shared/schemas/responsible';
import { useId, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { DownloadIcon } from '../../components/icons.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { errorMessage, isSessionError } from '../../lib/api.ts';
import { formatDay } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { addDays, daysBetween, saoPauloDay, splitDuration } from './care-math.ts';
import { money, Section, useCareTranslation } from './care-ui.tsx';
import { downloadStatementCsv, type StatementAnswer, useStatement } from './responsible.api.ts';
import { StatementChart } from './statement-chart.tsx';

const cents = (text: string) => moneyStringToCentavos(text) ?? 0;
type Row = StatementAnswer['totals'];
const COLUMNS = ['deposits', 'withdrawals', 'stakes', 'wins', 'bonuses', 'net'] as const;

function useDuration() {
  const { t } = useCareTranslation();
  return (seconds: number) => {
    const { hours, minutes } = splitDuration(seconds);
    return hours > 0 ? t('duration_hm', { hours, minutes }) : t('duration_m', { minutes });
  };
}

function Cells({ row }: { row: Row }) {
  const duration = useDuration();
  return (
    <>
      {COLUMNS.map((column) => {
        const value = cents(row[column]);
        const tone = column === 'net' ? (value > 0 ? 'text-money' : value < 0 ? 'text-danger' : 'text-soft') : 'text-soft';
        return (
          <td key={column} className={`px-3 py-2 text-right whitespace-nowrap tabular-nums ${tone}`}>
            {money(value)}
          </td>
        );
      })}
      <td className="px-3 py-2 text-right whitespace-nowrap text-soft tabular-nums">{duration(row.seconds)}</td>
    </>
  );
}

/** The days with any movement or play, newest first: a month of empty rows hides the few that count. */
function activeDays(days: StatementAnswer['days']): StatementAnswer['days'] {
  return days.filter((day) => day.seconds > 0 || COLUMNS.some((column) => cents(day[column]) !== 0)).reverse();
}

/** Deposits, withdrawals, stakes, wins, bonuses, net result and time played per São Paulo day. */
export function StatementPanel() {
  const { t } = useCareTranslation();
  const headingId = useId();
  const today = saoPauloDay(new Date());
  const [from, setFrom] = useState(addDays(today, -29));
  const [to, setTo] = useState(today);
  const [downloading, setDownloading] = useState(false);
  const span = daysBetween(from, to);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && span >= 1 && span <= STATEMENT_MAX_DAYS;
  const statement = useStatement(from, to, valid);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadStatementCsv(from, to);
    } catch (failure) {
      if (!isSessionError(failure)) toast.error(errorMessage(failure));
    } finally {
      setDownloading(false);
    }
  };

  const dateInput =
    'h-11 rounded-xl border border-line bg-ink/60 px-3 text-[15px] text-white outline-none [color-scheme:dark] focus:border-gold/70';
  return (
    <Section id={headingId} title={t('statement.title')} lead={t('statement.lead')}>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-[13px] text-soft">
          {t('statement.from')}
          <input type="date" className={dateInput} value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-[13px] text-soft">
          {t('statement.to')}
          <input type="date" className={dateInput} value={to} min={from} max={today} onChange={(e) => setTo(e.target.value)} />
        </label>
        <Button variant="outline" onClick={() => void download()} loading={downloading} disabled={!valid}>
          <DownloadIcon size={16} />
          {t('statement.csv')}
        </Button>
      </div>
      {!valid ? <p className="text-[13px] text-danger">{t('statement.range_invalid', { max: STATEMENT_MAX_DAYS })}</p> : null}
      {valid && statement.isPending ? <Skeleton className="h-56" /> : null}
      {statement.isError ? <LoadError error={statement.error} onRetry={() => void statement.refetch()} /> : null}
      {statement.data ? (
        <>
          <StatementChart days={statement.data.days} />
          <p className="text-xs text-muted">{t('statement.quiet_days')}</p>
          <div className="-mx-4 overflow-x-auto md:mx-0">
            <table className="w-full min-w-[720px] border-collapse text-[13px]" data-testid="statement-table">
              <thead>
                <tr className="border-b border-line text-xs text-muted">
                  <th scope="col" className="px-3 py-2 text-left font-medium">
                    {t('statement.day')}
                  </th>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 text-right font-medium">
                      {t(`statement.${column}`)}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    {t('statement.time')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {activeDays(statement.data.days).length === 0 ? (
                  <tr>
                    <td colSpan={COLUMNS.length + 2} className="px-3 py-6 text-center text-muted">
                      {t('statement.empty')}
                    </td>
                  </tr>
                ) : null}
                {activeDays(statement.data.days).map((day) => (
                  <tr key={day.day} className="border-b border-line/40">
                    <th scope="row" className="px-3 py-2 text-left font-normal whitespace-nowrap text-white">
                      {formatDay(day.day)}
                    </th>
                    <Cells row={day} />
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="font-semibold">
                  <th scope="row" className="px-3 py-2 text-left text-white">
                    {t('statement.total')}
                  </th>
                  <Cells row={statement.data.totals} />
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      ) : null}
    </Section>
  );
}
