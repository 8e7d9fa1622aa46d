import { HOUSE_GAME_CODES } from '@casino/shared/schemas/games';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoginRequired } from '../../components/login-required.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { formatMoney } from '../../lib/format.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { moneyCentavos } from '../../lib/user.ts';
import {
  GAME_RECORD_RANGES,
  type GameRecordAnswer,
  type GameRecordItem,
  type GameRecordRange,
  RECORD_PAGE_SIZE,
  useGameRecords,
} from './games.api.ts';
import { formatDateTime, LoadError, Pager } from './games-ui.tsx';

const isHouseGame = (code: string) => (HOUSE_GAME_CODES as readonly string[]).includes(code);

/** "+R$ 10,00" in green, "-R$ 5,00" in red, "R$ 0,00" plain. */
function NetAmount({ net, small = false }: { net: string; small?: boolean }) {
  const value = moneyCentavos(net);
  const tone = value > 0 ? 'text-money' : value < 0 ? 'text-danger' : 'text-soft';
  const text = value > 0 ? `+${formatMoney(net)}` : formatMoney(net);
  return (
    <span
      className={`font-bold tabular-nums ${small ? 'text-sm' : 'text-base'} ${tone}`}
      data-testid={small ? undefined : 'record-net'}
      data-net={net}
    >
      {text}
    </span>
  );
}

function RecordRow({ record }: { record: GameRecordItem }) {
  const { t } = useTranslation();
  return (
    <li
      className="flex items-center gap-3 rounded-2xl border border-line/70 bg-surface p-3.5"
      data-testid="game-record"
      data-game-code={record.game_code}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex min-w-0 items-baseline gap-1.5">
          <span className="truncate text-[15px] font-semibold text-white">{record.name}</span>
          <span className="shrink-0 truncate text-xs text-muted">· {record.brand}</span>
        </p>
        <p className="text-xs text-muted tabular-nums">
          <span className="sr-only">{t('games.records.bet_time')}: </span>
          {formatDateTime(record.bet_time)}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-soft">
          <span>
            {t('games.records.bet_amount')}:{' '}
            <span className="font-semibold text-white tabular-nums" data-testid="record-bet">
              {formatMoney(record.bet_amount)}
            </span>
          </span>
          {isHouseGame(record.game_code) && record.status === 'settled' ? (
            <Link to={`/fairness?round=${record.id}`} className="font-medium text-gold hover:underline">
              {t('games.records.verify')}
            </Link>
          ) : null}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span className="text-[11px] text-muted">{t('games.records.win_loss')}</span>
        {record.status === 'settled' ? (
          <NetAmount net={record.net_amount} />
        ) : (
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-semibold ${record.status === 'open' ? 'bg-gold/15 text-gold' : 'bg-surface-2 text-muted'}`}
          >
            {t(`games.records.status_${record.status}`)}
          </span>
        )}
      </div>
    </li>
  );
}

/** The range's totals (all pages): rounds, money bet and the net result. */
function Summary({ summary }: { summary: GameRecordAnswer['summary'] }) {
  const { t } = useTranslation();
  return (
    <dl className="mb-3 grid grid-cols-3 gap-2 rounded-2xl border border-line/70 bg-surface p-3 text-center" data-testid="records-summary">
      <div className="flex min-w-0 flex-col gap-0.5">
        <dt className="truncate text-[11px] text-muted">{t('games.records.rounds')}</dt>
        <dd className="text-sm font-bold text-white tabular-nums">{summary.rounds}</dd>
      </div>
      <div className="flex min-w-0 flex-col gap-0.5 border-x border-line/60">
        <dt className="truncate text-[11px] text-muted">{t('games.records.total_bet')}</dt>
        <dd className="truncate text-sm font-bold text-white tabular-nums">{formatMoney(summary.bet_amount)}</dd>
      </div>
      <div className="flex min-w-0 flex-col gap-0.5">
        <dt className="truncate text-[11px] text-muted">{t('games.records.total_net')}</dt>
        <dd className="truncate">
          <NetAmount net={summary.net_amount} small />
        </dd>
      </div>
    </dl>
  );
}

function RecordSkeleton() {
  return (
    <div className="flex flex-col gap-2.5" aria-hidden="true">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-[84px] rounded-2xl" />
      ))}
    </div>
  );
}

/** /game-records: every round the member played today, in 3 or in 7 days, with its result. */
export function GameRecordsPage() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [range, setRange] = useState<GameRecordRange>('today');
  const [page, setPage] = useState(1);
  // The cursor that leads to each page reached with "next": the server reads on from there.
  const [cursors, setCursors] = useState<Record<number, string>>({});
  const records = useGameRecords(range, page, cursors[page], loggedIn);
  const goTo = (next: number) => {
    const cursor = records.data?.next_cursor;
    if (next === page + 1 && cursor) setCursors((known) => ({ ...known, [next]: cursor }));
    setPage(next);
  };

  let body: ReactNode;
  if (records.isPending) body = <RecordSkeleton />;
  else if (records.isError) body = <LoadError error={records.error} onRetry={() => void records.refetch()} />;
  else if (records.data.list.length === 0)
    body = (
      <EmptyState text={t('empty.no_records')}>
        <Link to="/" className={buttonClass('gold', 'sm')}>
          {t('games.explore')}
        </Link>
      </EmptyState>
    );
  else
    body = (
      <>
        <Summary summary={records.data.summary} />
        <ul
          className={`flex flex-col gap-2.5 transition ${records.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-label={t('pages.game_records')}
        >
          {records.data.list.map((record) => (
            <RecordRow key={record.id} record={record} />
          ))}
        </ul>
        <Pager page={page} total={records.data.total} pageSize={RECORD_PAGE_SIZE} onPage={goTo} />
      </>
    );

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col">
      <PageHeader title={t('pages.game_records')} />
      {loggedIn ? (
        <>
          <div
            role="tablist"
            aria-label={t('games.records.range')}
            className="mb-4 grid grid-cols-3 gap-1 rounded-xl border border-line bg-surface p-1"
          >
            {GAME_RECORD_RANGES.map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={value === range}
                onClick={() => {
                  setRange(value);
                  setPage(1);
                  setCursors({});
                }}
                className={`h-9 rounded-lg text-sm font-semibold transition ${value === range ? 'bg-gold text-ink' : 'text-soft hover:text-white'}`}
              >
                {t(`games.records.range_${value}`)}
              </button>
            ))}
          </div>
          {body}
        </>
      ) : (
        <LoginRequired />
      )}
    </section>
  );
}
