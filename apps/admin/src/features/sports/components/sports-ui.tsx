import type { AdminFixture } from '@casino/shared/schemas/sports-admin';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/feedback';
import { centavosOf } from '../../../lib/format';
import { localeOf } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language';

/** Shared pieces of the sportsbook pages: names of markets and selections, state badges, money tones. */

/** A line ("2.5", "-1.5") written with the reader's decimal mark ("2,5" in Portuguese). */
export function useDisplayLine() {
  const language = useLanguage();
  const mark = new Intl.NumberFormat(localeOf(language)).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return (line: string) => line.replace('.', mark);
}

/** Decimal odds ("1.85") with the reader's decimal mark. */
export function useDisplayOdds() {
  const display = useDisplayLine();
  return (odds: string) => (odds ? display(odds) : '—');
}

/** A percent string from the API ("5.21") for the reader ("5,21%"), or a dash. */
export function usePercent() {
  const language = useLanguage();
  const format = new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (percent: string | null) => (percent === null ? '—' : `${format.format(percent as `${number}`)}%`);
}

/** The away side's handicap: the home line with its sign turned. */
function awayLine(line: string): string {
  if (line.startsWith('-')) return `+${line.slice(1)}`;
  if (line.startsWith('+')) return `-${line.slice(1)}`;
  return `-${line}`;
}

export type Teams = { home: string; away: string };

/** "Resultado final", "Mais/Menos de 2,5", "Handicap asiático -1,5". */
export function useMarketName() {
  const { t } = useTranslation();
  const displayLine = useDisplayLine();
  return (type: string, line: string | null) => {
    const name = t(`sports.markets.${type}`, { defaultValue: type });
    return line ? `${name} ${displayLine(line)}` : name;
  };
}

/** What a selection is called, with the teams' Portuguese names: "Flamengo", "Empate", "Mais de 2,5", "2-1". */
export function useSelectionName() {
  const { t } = useTranslation();
  const displayLine = useDisplayLine();
  return (pick: { type: string; line: string | null; code: string }, teams: Teams) => {
    const { type, line, code } = pick;
    if (type === 'correct_score' && /^\d+-\d+$/.test(code)) return code;
    if (type === 'asian_handicap' && line) {
      return code === 'home' ? `${teams.home} ${displayLine(line)}` : `${teams.away} ${displayLine(awayLine(line))}`;
    }
    if (code === 'home') return teams.home;
    if (code === 'away') return teams.away;
    return t(`sports.selections.${code}`, { home: teams.home, away: teams.away, line: line ? displayLine(line) : '', defaultValue: code });
  };
}

const FIXTURE_TONES = { scheduled: 'blue', live: 'green', finished: 'slate', cancelled: 'red' } as const;

export function FixtureStatusBadge({ fixture }: { fixture: Pick<AdminFixture, 'status' | 'minute' | 'awaiting_result'> }) {
  const { t } = useTranslation();
  if (fixture.awaiting_result) return <Badge tone="amber">{t('sports.fixture_status.awaiting_result')}</Badge>;
  return (
    <Badge tone={FIXTURE_TONES[fixture.status]}>
      {fixture.status === 'live' && <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-emerald-400" />}
      {t(`sports.fixture_status.${fixture.status}`)}
      {fixture.status === 'live' && fixture.minute > 0 ? ` ${fixture.minute}'` : ''}
    </Badge>
  );
}

const MARKET_TONES = { open: 'green', suspended: 'amber', settled: 'slate', void: 'red' } as const;

export function MarketStatusBadge({ status }: { status: keyof typeof MARKET_TONES }) {
  const { t } = useTranslation();
  return <Badge tone={MARKET_TONES[status]}>{t(`sports.market_status.${status}`)}</Badge>;
}

/** A liability the book would pay out reads red; one it would keep reads green. */
export function liabilityClass(money: string): string {
  const value = centavosOf(money);
  return value > 0 ? 'text-rose-300' : value < 0 ? 'text-emerald-300' : 'text-slate-400';
}

/** GGR reads green when the book earned, red when the players did. */
export function ggrClass(money: string): string {
  const value = centavosOf(money);
  return value > 0 ? 'text-emerald-300' : value < 0 ? 'text-rose-300' : '';
}

/** A team's colours as a small two-tone dot beside its name. */
export function TeamColours({ primary, secondary }: { primary: string; secondary: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-3 shrink-0 rounded-full ring-1 ring-white/20"
      style={{ background: `linear-gradient(135deg, ${primary} 50%, ${secondary} 50%)` }}
    />
  );
}

/** "Flamengo x Palmeiras" with each team's colours. */
export function FixtureTeams({ fixture, className = '' }: { fixture: Pick<AdminFixture, 'home' | 'away'>; className?: string }) {
  return (
    <span className={`inline-flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-0.5 ${className}`}>
      <span className="inline-flex items-center gap-1.5">
        <TeamColours primary={fixture.home.color_primary} secondary={fixture.home.color_secondary} />
        {fixture.home.name}
      </span>
      <span className="text-slate-500">x</span>
      <span className="inline-flex items-center gap-1.5">
        <TeamColours primary={fixture.away.color_primary} secondary={fixture.away.color_secondary} />
        {fixture.away.name}
      </span>
    </span>
  );
}

/** A label and its value in a definition grid. */
export function Fact({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className={`mt-0.5 truncate text-sm tabular-nums text-slate-200 ${className}`}>{children}</dd>
    </div>
  );
}

/** A figure card of a page's summary row. */
export function Stat({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="card px-3.5 py-3">
      <p className="text-[11px] font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <p className={`mt-1 truncate text-lg font-semibold tabular-nums text-white ${className}`}>{children}</p>
    </div>
  );
}
