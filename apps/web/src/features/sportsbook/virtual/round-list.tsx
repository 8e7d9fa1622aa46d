import type { FixtureSummary } from '@casino/shared/schemas/sports';
import { SelectionButton } from '../components/selection-button.tsx';
import { kickoffTime } from '../fixture-time.ts';
import { marketName, ONE_X_TWO_LABELS } from '../selection-names.ts';
import { type SportsT, useSportsTranslation } from '../sports-i18n.ts';
import { TeamCrest } from '../components/team-crest.tsx';
import { displayMinute } from './virtual-clock.ts';

/** Prices of 100.00 and more: a smaller figure so they fit a third of the narrow 1X2 block. */
const LONG_PRICE = /^\d{3,}\./;

type RoundMatchesProps = {
  fixtures: readonly FixtureSummary[];
  selectedId: number | null;
  onSelect: (fixture: FixtureSummary) => void;
  serverNowMs: number;
  /** The round's full-time instant, to run the minute clock between polls. */
  endsAt: string | null;
  /** One column whatever the width (a list in a half-width panel). */
  single?: boolean;
};

/**
 * A round's matches, one row each: the sides, the score and minute once started (the kick-off time
 * before), and the 1X2 odds buttons feeding the bet slip. Tapping the sides opens the match in the
 * live view; the odds buttons only add picks.
 */
export function RoundMatches({ fixtures, selectedId, onSelect, serverNowMs, endsAt, single = false }: RoundMatchesProps) {
  const { t } = useSportsTranslation();
  return (
    <ul className={`grid gap-1.5 ${single ? '' : '@2xl:grid-cols-2'}`}>
      {fixtures.map((fixture) => (
        <li key={fixture.id}>
          <MatchRow
            fixture={fixture}
            selected={fixture.id === selectedId}
            onSelect={() => onSelect(fixture)}
            minute={displayMinute(fixture, fixture.starts_at, endsAt, serverNowMs)}
            t={t}
          />
        </li>
      ))}
    </ul>
  );
}

function MatchRow({
  fixture,
  selected,
  onSelect,
  minute,
  t,
}: {
  fixture: FixtureSummary;
  selected: boolean;
  onSelect: () => void;
  minute: number;
  t: SportsT;
}) {
  const market = fixture.main_market;
  return (
    <div
      className={`grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2 rounded-xl border p-2 transition ${
        selected ? 'border-gold/70 bg-gold/5' : 'border-line/60 bg-night/60'
      }`}
      data-testid="virtual-match-row"
      data-fixture-id={fixture.id}
    >
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={selected}
        aria-label={t('virtual.watch_match', { home: fixture.home.name, away: fixture.away.name })}
        className="grid min-w-0 grid-cols-[minmax(0,1fr)_1.25rem] items-center gap-x-1.5 gap-y-1 rounded-lg text-left"
      >
        <TeamLine team={fixture.home} />
        <Score value={fixture.home_score} fixture={fixture} />
        <TeamLine team={fixture.away} />
        <Score value={fixture.away_score} fixture={fixture} />
        <span className="col-span-2 text-[11px] text-muted tabular-nums">
          <RowStatus fixture={fixture} minute={minute} t={t} />
        </span>
      </button>
      {market ? (
        <div className="grid w-36 grid-cols-3 gap-1">
          {market.selections.map((selection) => (
            <SelectionButton
              key={selection.id}
              fixture={fixture}
              market={market}
              selection={selection}
              className={LONG_PRICE.test(selection.odds) ? 'px-0.5 [&>span:last-child]:text-[11px]' : ''}
              label={ONE_X_TWO_LABELS[selection.code] ?? selection.code}
              ariaLabel={`${fixture.home.name} x ${fixture.away.name}, ${marketName(t, market.type, market.line)}, ${ONE_X_TWO_LABELS[selection.code] ?? selection.code}`}
            />
          ))}
        </div>
      ) : (
        <span className="w-36 text-center text-xs text-muted">{t('fixture.closed')}</span>
      )}
    </div>
  );
}

function TeamLine({ team }: { team: FixtureSummary['home'] }) {
  return (
    <span className="flex min-w-0 items-center gap-1.5" title={team.name}>
      <TeamCrest team={team} size={18} />
      <span className="truncate text-[13px] font-semibold text-white">{team.name}</span>
    </span>
  );
}

function Score({ value, fixture }: { value: number; fixture: FixtureSummary }) {
  const shown = fixture.status === 'live' || fixture.status === 'finished';
  return <span className="text-right text-sm font-bold text-white tabular-nums">{shown ? value : ''}</span>;
}

function RowStatus({ fixture, minute, t }: { fixture: FixtureSummary; minute: number; t: SportsT }) {
  if (fixture.status === 'live') {
    return (
      <span className="font-semibold text-danger">
        {t('status.live')} · {t('status.minute', { minute })}
      </span>
    );
  }
  if (fixture.status === 'finished') return <span>{t('virtual.full_time')}</span>;
  if (fixture.status === 'cancelled') return <span>{t('status.cancelled')}</span>;
  return <span>{kickoffTime(fixture.starts_at)}</span>;
}
