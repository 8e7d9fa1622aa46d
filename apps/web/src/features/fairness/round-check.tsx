import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { inputClass } from '../../components/form-field.tsx';
import { AlertIcon, CheckIcon, CloseIcon } from '../../components/icons.tsx';
import { LoginRequired } from '../../components/login-required.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { type HouseRoundView, useHouseRound } from './fairness.api.ts';
import { OutcomeView } from './outcome-view.tsx';
import { checkRound, type Fact, isChainGame, isSeededGame, paramsFromRecorded, stepsToTerminatingHash } from './verify.ts';
import type { VerifyPrefill } from './verify-tool.tsx';

function Verdict({ ok, children, testId }: { ok: boolean; children: string; testId?: string }) {
  return (
    <p
      className={`flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-semibold ${ok ? 'bg-money/15 text-money' : 'bg-danger/15 text-danger'}`}
      data-testid={testId}
      data-ok={ok}
    >
      {ok ? <CheckIcon size={18} /> : <CloseIcon size={18} />}
      {children}
    </p>
  );
}

function FactsTable({ facts }: { facts: Fact[] }) {
  const { t } = useTranslation();
  const value = (label: string, text: string) => (label === 'result' && (text === 'win' || text === 'loss') ? t(`fairness.${text}`) : text);
  return (
    <table className="w-full table-fixed text-left text-sm" data-testid="round-facts">
      <thead>
        <tr className="text-xs text-muted">
          <th className="w-1/4 py-1.5 font-medium" scope="col">
            <span className="sr-only">{t('fairness.fact')}</span>
          </th>
          <th className="py-1.5 font-medium" scope="col">
            {t('fairness.recorded')}
          </th>
          <th className="py-1.5 font-medium" scope="col">
            {t('fairness.recomputed')}
          </th>
          <th className="w-7" scope="col">
            <span className="sr-only">{t('fairness.match')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {facts.map((fact) => (
          <tr key={fact.label} className="border-t border-line/50 align-top" data-fact={fact.label} data-equal={fact.equal}>
            <th scope="row" className="py-2 pr-2 text-xs font-medium text-muted">
              {t(`fairness.facts.${fact.label}`)}
            </th>
            <td className="py-2 pr-2 font-mono text-xs break-all text-white" data-testid="fact-recorded">
              {value(fact.label, fact.recorded)}
            </td>
            <td className="py-2 pr-2 font-mono text-xs break-all text-white" data-testid="fact-recomputed">
              {value(fact.label, fact.recomputed)}
            </td>
            <td className="py-2">
              {fact.equal ? (
                <CheckIcon size={16} className="text-money" aria-label={t('fairness.match')} />
              ) : (
                <CloseIcon size={16} className="text-danger" aria-label={t('fairness.mismatch')} />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Walks the round's hash to the published terminating hash, on request (it may take a moment). */
function ChainCheck({ hash, terminatingHash }: { hash: string; terminatingHash: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ running: boolean; steps: number; result: number | null | undefined }>({
    running: false,
    steps: 0,
    result: undefined,
  });
  const [controller, setController] = useState<AbortController | null>(null);
  useEffect(() => () => controller?.abort(), [controller]);

  const run = async () => {
    const abort = new AbortController();
    setController(abort);
    setState({ running: true, steps: 0, result: undefined });
    const result = await stepsToTerminatingHash(hash, terminatingHash, (steps) => setState((s) => ({ ...s, steps })), abort.signal);
    if (!abort.signal.aborted) setState({ running: false, steps: 0, result });
  };

  if (state.result !== undefined) {
    return state.result === null ? (
      <Verdict ok={false}>{t('fairness.chain_not_found')}</Verdict>
    ) : (
      <Verdict ok testId="chain-verdict">
        {t('fairness.chain_found', { steps: state.result })}
      </Verdict>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-muted">{t('fairness.chain_hint')}</p>
      <Button size="sm" variant="ghost" loading={state.running} onClick={() => void run()} className="w-fit">
        {state.running ? t('fairness.chain_running', { steps: state.steps }) : t('fairness.chain_check')}
      </Button>
    </div>
  );
}

function RoundResult({ round, onReplay }: { round: HouseRoundView; onReplay: (prefill: VerifyPrefill) => void }) {
  const { t } = useTranslation();
  const check = useMemo(() => checkRound(round), [round]);
  const game = round.game_code;
  const replay = () => {
    if (isChainGame(game) && round.chain?.hash) onReplay({ game, hash: round.chain.hash, salt: round.chain.salt });
    else if (isSeededGame(game) && round.seeds?.server_seed) {
      onReplay({
        game,
        serverSeed: round.seeds.server_seed,
        clientSeed: round.seeds.client_seed,
        nonce: String(round.seeds.nonce),
        params: paramsFromRecorded(game, round.outcome),
      });
    }
  };
  return (
    <div className="flex flex-col gap-3" data-testid="round-result">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold text-white">
          #{round.id} · {t(`fairness.games.${game}`, { defaultValue: game })}
        </span>
        <span className="text-xs text-muted">
          {t('fairness.bet_and_win', { bet: formatMoney(round.amount), win: formatMoney(round.win) })}
        </span>
      </div>
      {check.kind === 'pending' ? (
        <p className="flex items-start gap-2 rounded-xl bg-gold/10 px-3 py-2.5 text-sm text-gold" data-testid="round-pending">
          <AlertIcon size={18} className="mt-0.5 shrink-0" />
          {t(`fairness.pending.${check.reason}`)}
        </p>
      ) : (
        <>
          <Verdict ok={check.match} testId="round-verdict">
            {check.match ? t('fairness.round_matches') : t('fairness.round_differs')}
          </Verdict>
          {check.commitment !== null ? (
            <Verdict ok={check.commitment}>{check.commitment ? t('fairness.hash_matches') : t('fairness.hash_mismatch')}</Verdict>
          ) : null}
          <FactsTable facts={check.facts} />
          <div className="rounded-2xl border border-line/70 bg-ink/50 p-4">
            <OutcomeView outcome={check.outcome} />
          </div>
          {round.chain?.hash ? <ChainCheck hash={round.chain.hash} terminatingHash={round.chain.terminating_hash} /> : null}
          <Button size="sm" variant="outline" onClick={replay} className="w-fit">
            {t('fairness.open_in_tool')}
          </Button>
        </>
      )}
    </div>
  );
}

/** "Verify round #id": the stored round and the browser's recomputation side by side. */
export function RoundCheck({
  roundId,
  onRoundId,
  onReplay,
}: {
  roundId: number | null;
  onRoundId: (id: number | null) => void;
  onReplay: (prefill: VerifyPrefill) => void;
}) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const [text, setText] = useState(roundId ? String(roundId) : '');
  const [invalid, setInvalid] = useState(false);
  const inputId = useId();
  const round = useHouseRound(loggedIn ? roundId : null);

  return (
    <Card className="flex flex-col gap-4" data-testid="round-check">
      <div>
        <h2 className="text-base font-bold text-white">{t('fairness.round_title')}</h2>
        <p className="mt-1 text-sm text-muted">{t('fairness.round_text')}</p>
      </div>
      {!loggedIn ? (
        <LoginRequired />
      ) : (
        <>
          <form
            className="flex items-start gap-2"
            aria-label={t('fairness.round_title')}
            onSubmit={(event) => {
              event.preventDefault();
              const clean = text.trim().replace(/^#/, '');
              const ok = /^\d{1,15}$/.test(clean) && Number(clean) > 0;
              setInvalid(!ok);
              if (ok) onRoundId(Number(clean));
            }}
          >
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <label htmlFor={inputId} className="sr-only">
                {t('fairness.round_id')}
              </label>
              <input
                id={inputId}
                name="round_id"
                inputMode="numeric"
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder={t('fairness.round_id')}
                aria-invalid={invalid || undefined}
                className={`${inputClass} font-mono ${invalid ? 'border-danger/70' : 'border-line'}`}
              />
              {invalid ? <p className="text-[13px] text-danger">{t('fairness.errors.round_id')}</p> : null}
            </div>
            <Button type="submit" className="h-12">
              {t('fairness.check')}
            </Button>
          </form>
          {roundId === null ? null : round.isPending ? (
            <p className="flex items-center gap-2 text-sm text-soft" role="status">
              <Spinner size={16} className="text-gold" />
              {t('common.loading')}
            </p>
          ) : round.isError ? (
            <p className="rounded-xl bg-danger/10 px-3 py-2.5 text-sm text-danger" data-testid="round-error">
              {errorMessage(round.error)}
            </p>
          ) : (
            <RoundResult round={round.data} onReplay={onReplay} />
          )}
        </>
      )}
    </Card>
  );
}
