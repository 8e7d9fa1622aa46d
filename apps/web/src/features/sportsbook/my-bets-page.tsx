import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { LoginRequired } from '../../components/login-required.tsx';
import { Modal } from '../../components/modal.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Pager } from '../../components/pager.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { ChoiceTabs } from '../../components/tabs.tsx';
import { errorMessage, isSessionError } from '../../lib/api.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { refreshUser } from '../../lib/user.ts';
import { Link } from 'react-router';
import { marketName, selectionName, splitFixtureName } from './selection-names.ts';
import { displayOdds, useOddsFormat } from './slip/odds-format.ts';
import {
  cashOut,
  cashoutOfferOf,
  errorCode,
  MY_BETS_PAGE_SIZE,
  type MyBetsFilter,
  type SportBet,
  sportsKeys,
  useMyBets,
} from './sports.api.ts';
import { useSportsTranslation } from './sports-i18n.ts';
import { fixturePath } from './sports-paths.ts';

type Leg = SportBet['legs'][number];

const STATUS_TONE: Record<SportBet['status'], string> = {
  open: 'bg-gold/15 text-gold',
  won: 'bg-money/15 text-money',
  lost: 'bg-danger/15 text-danger',
  void: 'bg-surface-2 text-soft',
  cashed_out: 'bg-sky-400/15 text-sky-300',
};
const RESULT_DOT: Record<Leg['result'], string> = {
  pending: 'bg-muted',
  won: 'bg-money',
  lost: 'bg-danger',
  void: 'bg-soft',
};

function LegLine({ leg }: { leg: Leg }) {
  const { t } = useSportsTranslation();
  const format = useOddsFormat();
  const teams = splitFixtureName(leg.fixture_name);
  const scored = leg.fixture_status === 'live' || leg.fixture_status === 'finished';
  return (
    <li className="flex items-start gap-2.5 py-2" data-testid="bet-leg">
      <span className={`mt-1.5 size-2 shrink-0 rounded-full ${RESULT_DOT[leg.result]}`} title={t(`results.${leg.result}`)} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-white">{selectionName(t, leg, teams)}</p>
        <p className="truncate text-xs text-soft">{marketName(t, leg.market_type, null)}</p>
        <Link to={fixturePath(leg.fixture_id)} className="block truncate text-[11px] text-muted hover:text-white">
          {leg.fixture_name}
          {scored ? ` · ${leg.home_score}-${leg.away_score}` : ''}
          {leg.fixture_status === 'live' ? ` · ${t('status.live')}` : ''}
        </Link>
      </div>
      <div className="flex shrink-0 flex-col items-end">
        <span className="text-sm font-bold text-gold tabular-nums">{displayOdds(leg.odds, format)}</span>
        <span className="text-[11px] text-muted">{t(`results.${leg.result}`)}</span>
      </div>
    </li>
  );
}

/** The cash-out offer on an open bet: confirm with the amount; a moved offer is shown for a new confirmation. */
function CashoutButton({ bet, offer }: { bet: SportBet; offer: string }) {
  const { t } = useSportsTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setConfirming(null);
    setNotice(null);
  };
  const confirm = async (amount: string) => {
    setBusy(true);
    try {
      const answer = await cashOut(bet.bet_no, amount);
      toast.success(t('bets.cashed_out', { amount: formatMoney(answer.bet.paid) }));
      close();
      void refreshUser();
    } catch (failure) {
      if (isSessionError(failure)) close();
      else if (errorCode(failure) === 'SPORTS_CASHOUT_CHANGED' && cashoutOfferOf(failure)) {
        const next = cashoutOfferOf(failure)!;
        setConfirming(next);
        setNotice(t('bets.cashout_changed', { amount: formatMoney(next) }));
      } else if (errorCode(failure) === 'SPORTS_CASHOUT_CHANGED' || errorCode(failure) === 'SPORTS_CASHOUT_UNAVAILABLE') {
        setConfirming(null);
        setNotice(t('bets.cashout_gone'));
      } else {
        setNotice(errorMessage(failure));
      }
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: sportsKeys.myBets });
    }
  };

  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setConfirming(offer)} data-testid="cashout-button">
        {t('bets.cashout', { amount: formatMoney(offer) })}
      </Button>
      {confirming !== null || notice !== null ? (
        <Modal title={t('bets.cashout_title')} onClose={close} size="sm">
          <div className="flex flex-col gap-4 pb-2">
            {notice ? (
              <p role="alert" className="rounded-xl border border-gold/50 bg-gold/10 px-3 py-2 text-sm text-gold">
                {notice}
              </p>
            ) : null}
            {confirming !== null ? (
              <>
                <p className="text-sm text-soft">{t('bets.cashout_text', { bet_no: bet.bet_no, amount: formatMoney(confirming) })}</p>
                <div className="grid grid-cols-2 gap-2">
                  <Button variant="ghost" onClick={close}>
                    {t('bets.cancel')}
                  </Button>
                  <Button variant="money" loading={busy} onClick={() => void confirm(confirming)} data-testid="cashout-confirm">
                    {t('bets.cashout_confirm', { amount: formatMoney(confirming) })}
                  </Button>
                </div>
              </>
            ) : (
              <Button variant="ghost" onClick={close}>
                {t('common.close')}
              </Button>
            )}
          </div>
        </Modal>
      ) : null}
    </>
  );
}

function Figure({ label, value, tone = 'text-white' }: { label: string; value: string; tone?: string }) {
  return (
    <div className="flex min-w-0 flex-col">
      <span className="text-[11px] text-muted">{label}</span>
      <span className={`truncate text-sm font-bold tabular-nums ${tone}`}>{value}</span>
    </div>
  );
}

function BetCard({ bet }: { bet: SportBet }) {
  const { t } = useSportsTranslation();
  const format = useOddsFormat();
  const settled = bet.status !== 'open';
  return (
    <article className="rounded-2xl border border-line/70 bg-surface p-3 md:p-4" data-testid="sport-bet" data-bet-status={bet.status}>
      <header className="flex items-center gap-2">
        <span className="text-sm font-bold text-white">{t(bet.kind === 'single' ? 'slip.single' : 'slip.accumulator')}</span>
        <span className={`rounded-full px-2 py-0.5 text-[11px] font-semibold ${STATUS_TONE[bet.status]}`}>
          {t(`bets.status_${bet.status}`)}
        </span>
        <span className="ml-auto truncate text-[11px] text-muted">{formatDateTime(bet.placed_at)}</span>
      </header>
      <ul className="mt-1 divide-y divide-line/50">
        {bet.legs.map((leg) => (
          <LegLine key={`${leg.selection_id}`} leg={leg} />
        ))}
      </ul>
      <div className="mt-2 grid grid-cols-3 gap-2 border-t border-line/60 pt-2.5">
        <Figure label={t('bets.stake')} value={formatMoney(bet.stake)} />
        <Figure label={t('bets.odds')} value={displayOdds(bet.total_odds, format)} tone="text-gold" />
        {settled ? (
          <Figure label={t('bets.paid')} value={formatMoney(bet.paid)} tone={bet.status === 'lost' ? 'text-muted' : 'text-money'} />
        ) : (
          <Figure label={t('bets.potential_payout')} value={formatMoney(bet.potential_payout)} tone="text-money" />
        )}
      </div>
      <footer className="mt-2.5 flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-[11px] text-muted">{t('bets.bet_no', { bet_no: bet.bet_no })}</span>
        {bet.status === 'open' && bet.cashout ? <CashoutButton bet={bet} offer={bet.cashout} /> : null}
      </footer>
    </article>
  );
}

/** /sports/bets: the member's open and settled bets with their legs, results, payouts and cash out. */
export function MyBetsPage() {
  const { t } = useSportsTranslation();
  const loggedIn = useIsLoggedIn();
  // A link may open the settled tab (/sports/bets?status=settled, from a finished virtual round).
  const [status, setStatus] = useState<MyBetsFilter>(() =>
    new URLSearchParams(window.location.search).get('status') === 'settled' ? 'settled' : 'open',
  );
  const [page, setPage] = useState(1);
  const bets = useMyBets(status, page, loggedIn);
  const choose = (next: MyBetsFilter) => {
    setStatus(next);
    setPage(1);
  };
  return (
    <section className="flex flex-col gap-3" data-testid="my-bets">
      <PageHeader title={t('bets.title')} back={false} />
      {!loggedIn ? (
        <LoginRequired />
      ) : (
        <>
          <ChoiceTabs<MyBetsFilter>
            label={t('bets.title')}
            value={status}
            onChange={choose}
            choices={[
              { value: 'open', label: t('bets.open') },
              { value: 'settled', label: t('bets.settled') },
            ]}
          />
          {bets.isPending ? (
            <div className="flex flex-col gap-3" aria-hidden="true">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-44" />
              ))}
            </div>
          ) : bets.isError ? (
            <LoadError error={bets.error} onRetry={() => void bets.refetch()} />
          ) : bets.data.list.length === 0 ? (
            <EmptyState text={t('empty.no_data')} />
          ) : (
            <>
              {bets.data.list.map((bet) => (
                <BetCard key={bet.bet_no} bet={bet} />
              ))}
              <Pager page={page} total={bets.data.total} pageSize={MY_BETS_PAGE_SIZE} onPage={setPage} />
            </>
          )}
        </>
      )}
    </section>
  );
}
