import { MAX_SCORE } from '@casino/shared/schemas/sports-admin';
import type { AdminFixtureDetail } from '@casino/shared/schemas/sports-admin';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/confirm-dialog';
import { Field, invalidProps } from '../../../components/form-field';
import { DialogError, Modal } from '../../../components/modal';
import { toast } from '../../../components/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { centavosOf, formatMoney, formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { type ResultInput, useEnterResult } from '../api/sports-admin';

export type ResultMode = 'result' | 'cancel';

/** A score as typed: a whole number from 0 to MAX_SCORE, else null. */
export function parseScore(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= MAX_SCORE ? value : null;
}

/**
 * Enters, corrects or cancels a fixture's result in two steps: the score, then a confirmation
 * that says what it does to the players' money (winners paid at once, a correction moving money
 * back and forth, a cancellation refunding every stake), because it cannot be taken back silently.
 */
export function ResultDialog({ fixture, mode, onClose }: { fixture: AdminFixtureDetail; mode: ResultMode; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const enter = useEnterResult(fixture.id);
  const ids = { home: useId(), away: useId() };
  const correcting = fixture.result_version > 0;
  const [scores, setScores] = useState({
    home: correcting ? String(fixture.home_score) : '',
    away: correcting ? String(fixture.away_score) : '',
  });
  const [errors, setErrors] = useState<{ home?: string; away?: string }>({});
  const [confirming, setConfirming] = useState<ResultInput | null>(null);

  function review(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mode === 'cancel') {
      setConfirming({ cancelled: true });
      return;
    }
    const home = parseScore(scores.home);
    const away = parseScore(scores.away);
    const found = {
      ...(home === null ? { home: t('sports.result.score_invalid', { max: MAX_SCORE }) } : {}),
      ...(away === null ? { away: t('sports.result.score_invalid', { max: MAX_SCORE }) } : {}),
    };
    setErrors(found);
    if (home !== null && away !== null) setConfirming({ home_score: home, away_score: away });
  }

  function submit() {
    if (!confirming) return;
    enter.mutate(confirming, {
      onSuccess: ({ data, message }) => {
        const moved = t('sports.result.moved', {
          bets: formatNumber(data.bets_changed, language),
          paid: formatMoney(data.paid_out, language),
          taken: formatMoney(data.taken_back, language),
        });
        toast.success(`${message} · ${moved}`);
        if (centavosOf(data.shortfall) > 0) toast.error(t('sports.result.shortfall', { amount: formatMoney(data.shortfall, language) }));
        onClose();
      },
      onError: (error) => {
        const fields = isApiError(error) ? error.fieldErrors : {};
        if (fields.home_score || fields.away_score) {
          setErrors({ home: fields.home_score?.[0], away: fields.away_score?.[0] });
          setConfirming(null);
        }
      },
    });
  }

  const title =
    mode === 'cancel' ? t('sports.result.cancel_title') : correcting ? t('sports.result.correct_title') : t('sports.result.enter_title');
  const teams = `${fixture.home.name} x ${fixture.away.name}`;
  const serverError =
    enter.isError && !(isApiError(enter.error) && (enter.error.fieldErrors.home_score || enter.error.fieldErrors.away_score));

  return (
    <Modal open title={title} description={teams} pending={enter.isPending} onClose={() => !enter.isPending && onClose()}>
      {confirming ? (
        <div className="space-y-4" data-testid="result-confirm">
          <p className="rounded-lg border border-amber-400/30 bg-amber-400/10 px-3 py-2.5 text-sm leading-6 text-amber-100">
            {'cancelled' in confirming
              ? t('sports.result.confirm_cancel', { bets: formatNumber(fixture.open_bets, language) })
              : correcting
                ? t('sports.result.confirm_correct', {
                    home: fixture.home.name,
                    away: fixture.away.name,
                    score: `${confirming.home_score} x ${confirming.away_score}`,
                  })
                : t('sports.result.confirm_enter', {
                    home: fixture.home.name,
                    away: fixture.away.name,
                    score: `${confirming.home_score} x ${confirming.away_score}`,
                    bets: formatNumber(fixture.open_bets, language),
                  })}
          </p>
          {!('cancelled' in confirming) && (
            <p className="text-center text-2xl font-semibold tabular-nums text-white" aria-hidden="true">
              {fixture.home.short_name} {confirming.home_score} x {confirming.away_score} {fixture.away.short_name}
            </p>
          )}
          <DialogError message={serverError ? errorMessage(enter.error) : null} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={() => setConfirming(null)} disabled={enter.isPending}>
              {t('sports.result.back')}
            </button>
            <button
              type="button"
              className={mode === 'cancel' || correcting ? 'btn-danger' : 'btn-primary'}
              onClick={submit}
              disabled={enter.isPending}
            >
              {enter.isPending && <Spinner />}
              {mode === 'cancel' ? t('sports.result.confirm_cancel_button') : t('sports.result.confirm_button')}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={review} noValidate className="space-y-4">
          {mode === 'cancel' ? (
            <p className="text-sm leading-6 text-slate-300">{t('sports.result.cancel_explain')}</p>
          ) : (
            <>
              <div className="grid grid-cols-2 gap-3">
                <Field label={fixture.home.name} id={ids.home} error={errors.home}>
                  <input
                    id={ids.home}
                    name="home_score"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={2}
                    autoFocus
                    value={scores.home}
                    onChange={(event) => {
                      setScores((current) => ({ ...current, home: event.target.value }));
                      setErrors((current) => ({ ...current, home: undefined }));
                    }}
                    className="input text-center text-lg font-semibold tabular-nums"
                    {...invalidProps(ids.home, errors.home)}
                  />
                </Field>
                <Field label={fixture.away.name} id={ids.away} error={errors.away}>
                  <input
                    id={ids.away}
                    name="away_score"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={2}
                    value={scores.away}
                    onChange={(event) => {
                      setScores((current) => ({ ...current, away: event.target.value }));
                      setErrors((current) => ({ ...current, away: undefined }));
                    }}
                    className="input text-center text-lg font-semibold tabular-nums"
                    {...invalidProps(ids.away, errors.away)}
                  />
                </Field>
              </div>
              <p className="text-xs leading-5 text-slate-500">
                {correcting ? t('sports.result.correct_hint') : t('sports.result.enter_hint')}
              </p>
            </>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn-primary">
              {t('sports.result.review')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
