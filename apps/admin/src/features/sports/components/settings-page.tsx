import { MAX_CASHOUT_MARGIN_BP, MAX_LEGS_LIMIT, MAX_MARGIN_BP, type SportsSettings } from '@casino/shared/schemas/sports-admin';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/confirm-dialog';
import { ErrorState, PageHeader, Skeleton } from '../../../components/feedback';
import { Field, invalidProps } from '../../../components/form-field';
import { DialogError } from '../../../components/modal';
import { toast } from '../../../components/toaster';
import { errorMessage } from '../../../lib/api-client';
import { usePermission } from '../../../lib/auth';
import { basisPointsToPercent, formatBasisPoints, formatDateTime, parseReaisInput, percentToBasisPoints } from '../../../lib/format';
import { type FieldErrors, formError, hasServerFieldErrors, serverFieldErrors, useFieldErrors } from '../../../lib/use-field-errors';
import { useLanguage } from '../../../lib/use-language';
import { type SettingsInput, useSaveSportsSettings, useSportsSettings } from '../api/sports-admin';
import { useDisplayLine } from './sports-ui';

const MONEY_FIELDS = ['min_stake', 'max_stake', 'max_payout', 'max_market_liability'] as const;
const PERCENT_FIELDS = ['default_margin_bp', 'cashout_margin_bp'] as const;
const FIELDS = [...PERCENT_FIELDS, ...MONEY_FIELDS, 'max_legs'] as const;
type SettingsField = (typeof FIELDS)[number];
const PERCENT_MAX: Record<(typeof PERCENT_FIELDS)[number], number> = {
  default_margin_bp: MAX_MARGIN_BP,
  cashout_margin_bp: MAX_CASHOUT_MARGIN_BP,
};

/**
 * Back office: the book's margins and limits. Stakes and payouts in reais, margins in percent;
 * the server checks that the limits nest (min stake ≤ max stake ≤ max payout ≤ max liability per
 * market) and names the field that breaks it. A new default margin reprices scheduled fixtures.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useSportsSettings();
  return (
    <>
      <PageHeader title={t('sports.settings.title')} subtitle={t('sports.settings.subtitle')} />
      {settings.isPending ? (
        <Skeleton className="h-96 max-w-3xl rounded-xl" />
      ) : settings.isError ? (
        <section className="card">
          <ErrorState message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />
        </section>
      ) : (
        <SettingsForm key={settings.data.updated_at} settings={settings.data} />
      )}
    </>
  );
}

function SettingsForm({ settings }: { settings: SportsSettings }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const canTrade = usePermission('sports.trade');
  const save = useSaveSportsSettings();
  const { errors, setErrors, clear } = useFieldErrors<SettingsField>();
  const baseId = useId();
  const idOf = (field: SettingsField) => `${baseId}-${field}`;
  // Inputs show the reader's decimal mark ("5000,00" in Portuguese); the parsers read either.
  const asInput = useDisplayLine();

  function readForm(form: FormData): { input: SettingsInput | null; errors: FieldErrors<SettingsField> } {
    const found: FieldErrors<SettingsField> = {};
    const text = (field: SettingsField) => String(form.get(field) ?? '');
    const percents = {} as Record<(typeof PERCENT_FIELDS)[number], number>;
    for (const field of PERCENT_FIELDS) {
      const bp = percentToBasisPoints(text(field));
      if (bp === null || bp > PERCENT_MAX[field])
        found[field] = t('sports.settings.percent_invalid', { max: formatBasisPoints(PERCENT_MAX[field], language) });
      else percents[field] = bp;
    }
    const amounts = {} as Record<(typeof MONEY_FIELDS)[number], string>;
    for (const field of MONEY_FIELDS) {
      const reais = parseReaisInput(text(field));
      if (reais === null) found[field] = t('sports.settings.amount_invalid');
      else amounts[field] = reais;
    }
    const legs = /^\d{1,2}$/.test(text('max_legs').trim()) ? Number(text('max_legs').trim()) : Number.NaN;
    if (!(legs >= 1 && legs <= MAX_LEGS_LIMIT)) found.max_legs = t('sports.settings.legs_invalid', { max: MAX_LEGS_LIMIT });
    if (Object.keys(found).length > 0) return { input: null, errors: found };
    return { input: { ...percents, ...amounts, max_legs: legs }, errors: {} };
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { input, errors: found } = readForm(new FormData(event.currentTarget));
    setErrors(found);
    if (!input) return;
    save.mutate(input, {
      onSuccess: ({ data, message }) => {
        const repriced = data.repriced_fixtures > 0 ? ` · ${t('sports.competitions.repriced', { count: data.repriced_fixtures })}` : '';
        toast.success(`${message}${repriced}`);
      },
      onError: (error) => setErrors(serverFieldErrors(error, FIELDS)),
    });
  }

  // A margin is typed in percent, a limit in reais: the same field, its unit at the end or the start.
  const amountField = (field: (typeof PERCENT_FIELDS)[number] | (typeof MONEY_FIELDS)[number], unit: '%' | 'R$', value: string) => {
    const mark = (
      <span
        className={`pointer-events-none absolute top-1/2 -translate-y-1/2 text-sm text-slate-500 ${unit === '%' ? 'right-3' : 'left-3'}`}
      >
        {unit}
      </span>
    );
    return (
      <Field
        key={field}
        label={t(`sports.settings.fields.${field}`)}
        id={idOf(field)}
        error={errors[field]}
        hint={t(`sports.settings.hints.${field}`)}
      >
        <div className="relative">
          {unit === 'R$' && mark}
          <input
            id={idOf(field)}
            name={field}
            inputMode="decimal"
            maxLength={unit === '%' ? 6 : 20}
            defaultValue={asInput(value)}
            readOnly={!canTrade}
            className={`input tabular-nums read-only:opacity-60 ${unit === '%' ? 'pr-8' : 'pl-10'}`}
            {...invalidProps(idOf(field), errors[field])}
          />
          {unit === '%' && mark}
        </div>
      </Field>
    );
  };

  return (
    <form
      onSubmit={submit}
      onChange={(event) => event.target instanceof HTMLInputElement && clear(event.target.name)}
      noValidate
      className="max-w-3xl space-y-4"
    >
      <section className="card space-y-4 p-4" aria-labelledby={`${baseId}-margins`}>
        <h2 id={`${baseId}-margins`} className="text-sm font-semibold text-slate-200">
          {t('sports.settings.margins')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {PERCENT_FIELDS.map((field) => amountField(field, '%', basisPointsToPercent(settings[field])))}
        </div>
      </section>
      <section className="card space-y-4 p-4" aria-labelledby={`${baseId}-limits`}>
        <h2 id={`${baseId}-limits`} className="text-sm font-semibold text-slate-200">
          {t('sports.settings.limits')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {MONEY_FIELDS.map((field) => amountField(field, 'R$', settings[field]))}
          <Field
            label={t('sports.settings.fields.max_legs')}
            id={idOf('max_legs')}
            error={errors.max_legs}
            hint={t('sports.settings.hints.max_legs')}
          >
            <input
              id={idOf('max_legs')}
              name="max_legs"
              inputMode="numeric"
              maxLength={2}
              defaultValue={settings.max_legs}
              readOnly={!canTrade}
              className="input tabular-nums read-only:opacity-60"
              {...invalidProps(idOf('max_legs'), errors.max_legs)}
            />
          </Field>
        </div>
      </section>
      <DialogError message={formError(save, hasServerFieldErrors(save.error))} />
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-500">{t('sports.settings.updated', { when: formatDateTime(settings.updated_at, language) })}</p>
        {canTrade && (
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {save.isPending && <Spinner />}
            {t('sports.settings.save')}
          </button>
        )}
      </div>
    </form>
  );
}
