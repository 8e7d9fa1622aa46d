import { DICE_MAX_CHANCE, DICE_MIN_CHANCE } from '@casino/games/dice';
import { MINES_MAX, MINES_MIN } from '@casino/games/mines';
import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS, type PlinkoRisk } from '@casino/games/plinko';
import type { HouseGameCode } from '@casino/shared/schemas/games';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { Card } from '../../components/card.tsx';
import { inputClass } from '../../components/form-field.tsx';
import { currentLanguage, htmlLangOf } from '../../lib/i18n.ts';
import {
  checkChainInput,
  checkSeeds,
  computeChain,
  parseCardIds,
  computeSeeded,
  DEFAULT_PARAMS,
  type GameParams,
  type InputErrors,
  isChainGame,
  isSeededGame,
  type Outcome,
  paramsProblem,
  parseHundredths,
  VERIFY_GAMES,
} from './verify.ts';
import { OutcomeView } from './outcome-view.tsx';
import { isTableGame } from './verify-table.ts';
import { TableParamsFields } from './verify-table-fields.tsx';

/** What the tool starts with (a revealed pair, a round to replay, or the address's parameters). */
export type VerifyPrefill = {
  game: HouseGameCode;
  serverSeed?: string;
  clientSeed?: string;
  nonce?: string;
  hash?: string;
  salt?: string;
  /** Bingo: the cards to recompute, by id ("12-0, 12-1"). */
  cards?: string;
  params?: Partial<GameParams>;
};

function Field({
  label,
  error,
  children,
  hint,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-[13px] font-medium text-soft">
        {label}
      </label>
      {children(id, error ? errorId : undefined)}
      {error ? (
        <p id={errorId} className="text-[13px] text-danger" data-field-error>
          {t(error)}
        </p>
      ) : hint ? (
        <p className="text-xs text-muted">{hint}</p>
      ) : null}
    </div>
  );
}

/** Hundredths of a percent (1 = 0.01%) in the reader's number format, without the sign. */
const percent = (hundredths: number) =>
  new Intl.NumberFormat(htmlLangOf(currentLanguage()), { maximumFractionDigits: 2 }).format(hundredths / 100);

const mono = `${inputClass} font-mono text-[13px]`;
const selectClass = `${inputClass} border-line appearance-none`;

function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
  render,
}: {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  render: (value: T) => string;
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1.5 text-[13px] font-medium text-soft">{label}</legend>
      <div
        className="grid gap-1 rounded-xl border border-line bg-ink/60 p-1"
        style={{ gridTemplateColumns: `repeat(${options.length}, minmax(0, 1fr))` }}
      >
        {options.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === value}
            onClick={() => onChange(option)}
            className={`h-9 rounded-lg text-sm font-semibold transition ${option === value ? 'bg-gold text-ink' : 'text-soft hover:text-white'}`}
          >
            {render(option)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function GameParamsFields({
  game,
  params,
  onChange,
  targetText,
  onTargetText,
}: {
  game: HouseGameCode;
  params: GameParams;
  onChange: (params: GameParams) => void;
  targetText: string;
  onTargetText: (text: string) => void;
}) {
  const { t } = useTranslation();
  if (isTableGame(game)) return <TableParamsFields game={game} params={params} onChange={onChange} />;
  if (game === 'dice') {
    return (
      <div className="grid grid-cols-2 gap-3">
        <Field
          label={t('fairness.params.target')}
          hint={t('fairness.params.target_hint', { min: percent(DICE_MIN_CHANCE), max: percent(DICE_MAX_CHANCE) })}
        >
          {(id, describedBy) => (
            <input
              id={id}
              inputMode="decimal"
              value={targetText}
              onChange={(event) => onTargetText(event.target.value)}
              aria-describedby={describedBy}
              className={`${mono} border-line`}
              name="dice_target"
            />
          )}
        </Field>
        <Segmented
          label={t('fairness.params.direction')}
          value={params.diceDirection}
          options={['over', 'under'] as const}
          onChange={(diceDirection) => onChange({ ...params, diceDirection })}
          render={(value) => t(`fairness.params.${value}`)}
        />
      </div>
    );
  }
  if (game === 'mines') {
    return (
      <Field label={t('fairness.params.mines')}>
        {(id) => (
          <select
            id={id}
            value={params.mines}
            onChange={(event) => onChange({ ...params, mines: Number(event.target.value) })}
            className={selectClass}
            name="mines"
          >
            {Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, i) => MINES_MIN + i).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  }
  if (game === 'plinko') {
    return (
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('fairness.params.rows')}>
          {(id) => (
            <select
              id={id}
              value={params.plinkoRows}
              onChange={(event) => onChange({ ...params, plinkoRows: Number(event.target.value) })}
              className={selectClass}
              name="rows"
            >
              {Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, i) => PLINKO_MIN_ROWS + i).map((rows) => (
                <option key={rows} value={rows}>
                  {rows}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Segmented<PlinkoRisk>
          label={t('fairness.params.risk')}
          value={params.plinkoRisk}
          options={PLINKO_RISKS}
          onChange={(plinkoRisk) => onChange({ ...params, plinkoRisk })}
          render={(value) => t(`fairness.params.risk_${value}`)}
        />
      </div>
    );
  }
  return null;
}

type Result = { outcome: Outcome } | { errors: InputErrors } | null;

/**
 * The verify tool: seeds and nonce (or a shared round's hash and salt) in, the outcome out,
 * computed here in the browser by packages/games as the player types.
 */
export function VerifyTool({ prefill }: { prefill: VerifyPrefill }) {
  const { t } = useTranslation();
  const [game, setGame] = useState<HouseGameCode>(prefill.game);
  const [serverSeed, setServerSeed] = useState(prefill.serverSeed ?? '');
  const [clientSeed, setClientSeed] = useState(prefill.clientSeed ?? '');
  const [nonce, setNonce] = useState(prefill.nonce ?? '0');
  const [hash, setHash] = useState(prefill.hash ?? '');
  const [salt, setSalt] = useState(prefill.salt ?? '');
  const [cardIds, setCardIds] = useState(prefill.cards ?? '');
  const bingoRoom = game === 'bingo-75' || game === 'bingo-90';
  const [params, setParams] = useState<GameParams>({ ...DEFAULT_PARAMS, ...prefill.params });
  const [targetText, setTargetText] = useState(String((prefill.params?.diceTarget ?? DEFAULT_PARAMS.diceTarget) / 100));
  const chain = isChainGame(game);

  const result: Result = useMemo(() => {
    if (chain) {
      if (!hash && !salt) return null;
      const input = checkChainInput(hash, salt);
      return 'errors' in input ? input : { outcome: computeChain(game, input.hash, input.salt, parseCardIds(cardIds)) };
    }
    if (!isSeededGame(game) || (!serverSeed && !clientSeed)) return null;
    const input = checkSeeds(serverSeed, clientSeed, nonce);
    if ('errors' in input) return input;
    const target = parseHundredths(targetText);
    const effective = { ...params, diceTarget: target ?? -1 };
    const problem = paramsProblem(game, effective);
    if (problem) return { errors: { params: problem } };
    return { outcome: computeSeeded(game, input.seeds, effective) };
  }, [chain, game, hash, salt, cardIds, serverSeed, clientSeed, nonce, params, targetText]);

  const errors = result && 'errors' in result ? result.errors : {};
  const outcome = result && 'outcome' in result ? result.outcome : null;

  return (
    <Card className="flex flex-col gap-4" data-testid="verify-tool">
      <div>
        <h2 className="text-base font-bold text-white">{t('fairness.verify_title')}</h2>
        <p className="mt-1 text-sm text-muted">{t('fairness.verify_text')}</p>
      </div>
      <fieldset className="flex min-w-0 flex-col">
        <legend className="mb-1.5 text-[13px] font-medium text-soft">{t('fairness.game')}</legend>
        <div className="scrollbar-none -mx-1 flex gap-1.5 overflow-x-auto px-1 pb-1 md:flex-wrap">
          {VERIFY_GAMES.map((code) => (
            <button
              key={code}
              type="button"
              aria-pressed={code === game}
              onClick={() => setGame(code)}
              className={`h-9 shrink-0 rounded-full border px-3.5 text-sm whitespace-nowrap transition ${
                code === game ? 'border-gold bg-gold/10 font-semibold text-gold' : 'border-line bg-surface text-soft hover:border-gold/50'
              }`}
            >
              {t(`fairness.games.${code}`)}
            </button>
          ))}
        </div>
      </fieldset>

      {chain ? (
        <>
          <Field label={t('fairness.round_hash')} error={errors.hash}>
            {(id, describedBy) => (
              <input
                id={id}
                name="hash"
                value={hash}
                onChange={(e) => setHash(e.target.value)}
                aria-describedby={describedBy}
                aria-invalid={errors.hash ? true : undefined}
                spellCheck={false}
                autoComplete="off"
                className={`${mono} ${errors.hash ? 'border-danger/70' : 'border-line'}`}
              />
            )}
          </Field>
          <Field label={t('fairness.salt')} error={errors.salt}>
            {(id, describedBy) => (
              <input
                id={id}
                name="salt"
                value={salt}
                onChange={(e) => setSalt(e.target.value)}
                aria-describedby={describedBy}
                aria-invalid={errors.salt ? true : undefined}
                spellCheck={false}
                autoComplete="off"
                className={`${mono} ${errors.salt ? 'border-danger/70' : 'border-line'}`}
              />
            )}
          </Field>
          {bingoRoom ? (
            <Field label={t('fairness.bingo_cards')}>
              {(id, describedBy) => (
                <input
                  id={id}
                  name="cards"
                  value={cardIds}
                  onChange={(e) => setCardIds(e.target.value)}
                  aria-describedby={describedBy}
                  placeholder="12-0, 12-1"
                  spellCheck={false}
                  autoComplete="off"
                  className={`${mono} border-line`}
                />
              )}
            </Field>
          ) : null}
        </>
      ) : (
        <>
          <Field label={t('fairness.server_seed')} error={errors.serverSeed}>
            {(id, describedBy) => (
              <input
                id={id}
                name="server_seed"
                value={serverSeed}
                onChange={(e) => setServerSeed(e.target.value)}
                aria-describedby={describedBy}
                aria-invalid={errors.serverSeed ? true : undefined}
                spellCheck={false}
                autoComplete="off"
                className={`${mono} ${errors.serverSeed ? 'border-danger/70' : 'border-line'}`}
              />
            )}
          </Field>
          <div className="grid grid-cols-[1fr_7rem] gap-3">
            <Field label={t('fairness.client_seed')} error={errors.clientSeed}>
              {(id, describedBy) => (
                <input
                  id={id}
                  name="client_seed"
                  value={clientSeed}
                  onChange={(e) => setClientSeed(e.target.value)}
                  aria-describedby={describedBy}
                  aria-invalid={errors.clientSeed ? true : undefined}
                  spellCheck={false}
                  autoComplete="off"
                  maxLength={64}
                  className={`${mono} ${errors.clientSeed ? 'border-danger/70' : 'border-line'}`}
                />
              )}
            </Field>
            <Field label={t('fairness.nonce')} error={errors.nonce}>
              {(id, describedBy) => (
                <input
                  id={id}
                  name="nonce"
                  inputMode="numeric"
                  value={nonce}
                  onChange={(e) => setNonce(e.target.value)}
                  aria-describedby={describedBy}
                  aria-invalid={errors.nonce ? true : undefined}
                  className={`${mono} ${errors.nonce ? 'border-danger/70' : 'border-line'}`}
                />
              )}
            </Field>
          </div>
          <GameParamsFields game={game} params={params} onChange={setParams} targetText={targetText} onTargetText={setTargetText} />
          {errors.params ? (
            <p className="text-[13px] text-danger" data-field-error>
              {t(errors.params)}
            </p>
          ) : null}
        </>
      )}

      <div className="rounded-2xl border border-line/70 bg-ink/50 p-4" aria-live="polite" data-testid="verify-result">
        {outcome ? (
          <OutcomeView outcome={outcome} />
        ) : (
          <p className="py-6 text-center text-sm text-muted">{chain ? t('fairness.enter_hash') : t('fairness.enter_seeds')}</p>
        )}
      </div>
    </Card>
  );
}
