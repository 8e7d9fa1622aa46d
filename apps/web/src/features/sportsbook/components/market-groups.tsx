import { MARKET_TYPES, type FixtureDetail, type MarketItem, type MarketType, type SelectionItem } from '@casino/shared/schemas/sports';
import { useState } from 'react';
import { ChevronRightIcon } from '../../../components/icons.tsx';
import { displayLine, selectionName } from '../selection-names.ts';
import { type SportsT, useSportsTranslation } from '../sports-i18n.ts';
import { SelectionButton } from './selection-button.tsx';

type GroupProps = { fixture: FixtureDetail; markets: MarketItem[] };
type Teams = { home: string; away: string };

const lineValue = (market: MarketItem) => Number(market.line ?? 0);
const byCode = (market: MarketItem, code: string) => market.selections.find((s) => s.code === code);

function nameOf(t: SportsT, market: MarketItem, selection: SelectionItem, teams: Teams): string {
  return selectionName(t, { market_type: market.type, line: market.line, selection_code: selection.code }, teams);
}

/** The buttons of one market side by side, each labelled with its selection's name. */
function ButtonRow({ fixture, market, codes, columns }: { fixture: FixtureDetail; market: MarketItem; codes: string[]; columns: 2 | 3 }) {
  const { t } = useSportsTranslation();
  const teams = { home: fixture.home.name, away: fixture.away.name };
  return (
    <div className={`grid gap-1.5 ${columns === 3 ? 'grid-cols-3' : 'grid-cols-2'}`}>
      {codes.map((code) => {
        const selection = byCode(market, code);
        if (!selection) return <span key={code} />;
        const name = nameOf(t, market, selection, teams);
        return <SelectionButton key={selection.id} fixture={fixture} market={market} selection={selection} label={name} ariaLabel={name} />;
      })}
    </div>
  );
}

/** Double chance: three long names, one per line with its price. */
function ListMarket({ fixture, markets }: GroupProps) {
  const { t } = useSportsTranslation();
  const teams = { home: fixture.home.name, away: fixture.away.name };
  return (
    <ul className="flex flex-col gap-1.5">
      {markets.flatMap((market) =>
        market.selections.map((selection) => {
          const name = nameOf(t, market, selection, teams);
          return (
            <li key={selection.id} className="flex items-center gap-2">
              <span className="min-w-0 flex-1 truncate text-sm text-soft">{name}</span>
              <SelectionButton fixture={fixture} market={market} selection={selection} ariaLabel={name} className="w-20" />
            </li>
          );
        }),
      )}
    </ul>
  );
}

/** Over/under: one row per line, "Mais de" and "Menos de" in two columns. */
function OverUnder({ fixture, markets }: GroupProps) {
  const { t } = useSportsTranslation();
  return (
    <div className="flex flex-col gap-1.5">
      {[...markets]
        .sort((a, b) => lineValue(a) - lineValue(b))
        .map((market) => (
          <div key={market.id} className="grid grid-cols-[3.5rem_1fr_1fr] items-center gap-1.5">
            <span className="text-center text-sm font-semibold text-soft tabular-nums">{displayLine(market.line ?? '')}</span>
            {(['over', 'under'] as const).map((code) => {
              const selection = byCode(market, code);
              if (!selection) return <span key={code} />;
              const name = t(`selections.${code}`, { line: displayLine(market.line ?? '') });
              return (
                <SelectionButton key={selection.id} fixture={fixture} market={market} selection={selection} label={name} ariaLabel={name} />
              );
            })}
          </div>
        ))}
    </div>
  );
}

/** Asian handicap: one row per line, the home side with the line and the away side with it turned. */
function AsianHandicap({ fixture, markets }: GroupProps) {
  return (
    <div className="flex flex-col gap-1.5">
      {[...markets]
        .sort((a, b) => lineValue(a) - lineValue(b))
        .map((market) => (
          <ButtonRow key={market.id} fixture={fixture} market={market} codes={['home', 'away']} columns={2} />
        ))}
    </div>
  );
}

function scoreOf(code: string): [number, number] | null {
  const match = /^(\d+)-(\d+)$/.exec(code);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/** Correct score: home wins, draws and away wins in three columns, "any other" at the foot of each. */
function CorrectScore({ fixture, markets }: GroupProps) {
  const { t } = useSportsTranslation();
  const teams = { home: fixture.home.name, away: fixture.away.name };
  const market = markets[0];
  if (!market) return null;
  const column = (keep: (h: number, a: number) => boolean, other: string) => {
    const scores = market.selections
      .filter((s) => {
        const score = scoreOf(s.code);
        return score !== null && keep(score[0], score[1]);
      })
      .sort((a, b) => {
        const [ah, aa] = scoreOf(a.code)!;
        const [bh, ba] = scoreOf(b.code)!;
        // The usual reading order: by the winner's goals, then the loser's (1-0, 2-0, 2-1, 3-0 ...).
        return Math.max(ah, aa) - Math.max(bh, ba) || Math.min(ah, aa) - Math.min(bh, ba);
      });
    const rest = byCode(market, other);
    return [...scores, ...(rest ? [rest] : [])];
  };
  const columns = [column((h, a) => h > a, 'other_home'), column((h, a) => h === a, 'other_draw'), column((h, a) => h < a, 'other_away')];
  return (
    <div className="grid grid-cols-3 gap-1.5">
      {columns.map((selections, index) => (
        <div key={index} className="flex flex-col gap-1.5">
          {selections.map((selection) => {
            const name = nameOf(t, market, selection, teams);
            const short = scoreOf(selection.code) ? selection.code : t('selections.other_short');
            return (
              <SelectionButton key={selection.id} fixture={fixture} market={market} selection={selection} label={short} ariaLabel={name} />
            );
          })}
        </div>
      ))}
    </div>
  );
}

function MarketBody({ type, fixture, markets }: GroupProps & { type: MarketType }) {
  const first = markets[0];
  if (!first) return null;
  switch (type) {
    case '1x2':
      return <ButtonRow fixture={fixture} market={first} codes={['home', 'draw', 'away']} columns={3} />;
    case 'btts':
      return <ButtonRow fixture={fixture} market={first} codes={['yes', 'no']} columns={2} />;
    case 'double_chance':
      return <ListMarket fixture={fixture} markets={markets} />;
    case 'over_under':
      return <OverUnder fixture={fixture} markets={markets} />;
    case 'asian_handicap':
      return <AsianHandicap fixture={fixture} markets={markets} />;
    case 'correct_score':
      return <CorrectScore fixture={fixture} markets={markets} />;
  }
}

/** One market family (every line of it) under a title that folds it away. */
function MarketGroup({ type, fixture, markets }: GroupProps & { type: MarketType }) {
  const { t } = useSportsTranslation();
  const [open, setOpen] = useState(true);
  const suspended = markets.every((m) => m.status === 'suspended');
  return (
    <section className="rounded-2xl border border-line/70 bg-surface" data-market-type={type}>
      <h2>
        <button
          type="button"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          className="flex w-full items-center gap-2 px-4 py-3 text-left text-[15px] font-semibold text-white"
        >
          <span className="flex-1">{t(`markets.${type}`)}</span>
          {suspended ? (
            <span className="rounded-full bg-danger/15 px-2 py-0.5 text-[11px] font-semibold text-danger">{t('status.suspended')}</span>
          ) : null}
          <ChevronRightIcon size={18} className={`text-muted transition ${open ? 'rotate-90' : ''}`} />
        </button>
      </h2>
      {open ? (
        <div className="px-3 pb-3 md:px-4 md:pb-4">
          <MarketBody type={type} fixture={fixture} markets={markets} />
        </div>
      ) : null}
    </section>
  );
}

/** Every market of a fixture, grouped in the order players expect (result first, handicaps last). */
export function MarketGroups({ fixture }: { fixture: FixtureDetail }) {
  const groups = MARKET_TYPES.map((type) => ({
    type,
    markets: fixture.markets.filter((m) => m.type === type && m.status !== 'void'),
  })).filter((group) => group.markets.length > 0);
  return (
    <div className="flex flex-col gap-3">
      {groups.map((group) => (
        <MarketGroup key={group.type} type={group.type} fixture={fixture} markets={group.markets} />
      ))}
    </div>
  );
}
