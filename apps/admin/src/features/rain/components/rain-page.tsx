import { RAIN_LIMITS, type AdminRain, type RainMode, type RainSettings } from '@casino/shared/schemas/rain';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../components/confirm-dialog';
import { CardList, DataTable } from '../../../components/data-table';
import { Badge, EmptyState, ErrorState, PageHeader, Skeleton, TableSkeleton } from '../../../components/feedback';
import { Field, invalidProps } from '../../../components/form-field';
import { DialogError } from '../../../components/modal';
import { Pagination } from '../../../components/pagination';
import { toast } from '../../../components/toaster';
import { errorMessage } from '../../../lib/api-client';
import { usePermission } from '../../../lib/auth';
import { formatDateTime, formatMoney, parseReaisInput } from '../../../lib/format';
import { type FieldErrors, formError, hasServerFieldErrors, serverFieldErrors, useFieldErrors } from '../../../lib/use-field-errors';
import { localeOf } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/use-language';
import { RAINS_PAGE_SIZE, type RainSettingsInput, useRainDetail, useRains, useRainSettings, useSaveRainSettings } from '../api/rain-admin';

const MONEY_FIELDS = ['pot', 'min_wager'] as const;
const NUMBER_FIELDS = ['interval_minutes', 'window_seconds', 'announce_seconds', 'chat_active_minutes', 'wagering_multiple'] as const;
const FIELDS = [...MONEY_FIELDS, ...NUMBER_FIELDS, 'mode'] as const;
type SettingsField = (typeof FIELDS)[number];
const RANGES: Record<(typeof NUMBER_FIELDS)[number], { min: number; max: number }> = {
  interval_minutes: RAIN_LIMITS.intervalMinutes,
  window_seconds: RAIN_LIMITS.windowSeconds,
  announce_seconds: RAIN_LIMITS.announceSeconds,
  chat_active_minutes: RAIN_LIMITS.chatActiveMinutes,
  wagering_multiple: RAIN_LIMITS.wageringMultiple,
};

/**
 * Back office: the chat rain (issue 15 item 2). Its settings for the site (who may have a share,
 * how much and how often; each save audited), then every rain with its pot, claims and members
 * paid, and one rain's payouts member by member.
 */
export function RainPage() {
  const { t } = useTranslation();
  const settings = useRainSettings();
  return (
    <>
      <PageHeader title={t('rain_admin.title')} subtitle={t('rain_admin.subtitle')} />
      {settings.isPending ? (
        <Skeleton className="h-96 max-w-3xl rounded-xl" />
      ) : settings.isError ? (
        <section className="card">
          <ErrorState message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />
        </section>
      ) : (
        <SettingsForm key={settings.data.updated_at ?? 'defaults'} settings={settings.data} />
      )}
      <RainsSection />
    </>
  );
}

function SettingsForm({ settings }: { settings: RainSettings }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const canManage = usePermission('promotions.manage');
  const save = useSaveRainSettings();
  const { errors, setErrors, clear } = useFieldErrors<SettingsField>();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [offWhenRegulated, setOffWhenRegulated] = useState(settings.off_when_regulated);
  const baseId = useId();
  const idOf = (field: string) => `${baseId}-${field}`;
  // Amounts show the reader's decimal mark ("50,00" in Portuguese); parseReaisInput reads either.
  const mark = new Intl.NumberFormat(localeOf(language)).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';

  function readForm(form: FormData): { input: RainSettingsInput | null; errors: FieldErrors<SettingsField> } {
    const found: FieldErrors<SettingsField> = {};
    const text = (field: string) => String(form.get(field) ?? '').trim();
    const money = {} as Record<(typeof MONEY_FIELDS)[number], string>;
    for (const field of MONEY_FIELDS) {
      const reais = parseReaisInput(text(field));
      if (reais === null || (field === 'pot' && Number(reais) <= 0)) found[field] = t('rain_admin.amount_invalid');
      else money[field] = reais;
    }
    const numbers = {} as Record<(typeof NUMBER_FIELDS)[number], number>;
    for (const field of NUMBER_FIELDS) {
      const value = /^\d{1,7}$/.test(text(field)) ? Number(text(field)) : Number.NaN;
      const range = RANGES[field];
      if (!(value >= range.min && value <= range.max)) found[field] = t('rain_admin.number_invalid', range);
      else numbers[field] = value;
    }
    if (Object.keys(found).length > 0) return { input: null, errors: found };
    const mode: RainMode = text('mode') === 'auto' ? 'auto' : 'claim';
    return { input: { enabled, off_when_regulated: offWhenRegulated, mode, ...money, ...numbers }, errors: {} };
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { input, errors: found } = readForm(new FormData(event.currentTarget));
    setErrors(found);
    if (!input) return;
    save.mutate(input, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => setErrors(serverFieldErrors(error, FIELDS)),
    });
  }

  const numberField = (field: (typeof NUMBER_FIELDS)[number]) => (
    <Field key={field} label={t(`rain_admin.fields.${field}`)} id={idOf(field)} error={errors[field]} hint={t(`rain_admin.hints.${field}`)}>
      <input
        id={idOf(field)}
        name={field}
        inputMode="numeric"
        maxLength={7}
        defaultValue={settings[field]}
        readOnly={!canManage}
        className="input tabular-nums read-only:opacity-60"
        {...invalidProps(idOf(field), errors[field])}
      />
    </Field>
  );
  const moneyField = (field: (typeof MONEY_FIELDS)[number]) => (
    <Field key={field} label={t(`rain_admin.fields.${field}`)} id={idOf(field)} error={errors[field]} hint={t(`rain_admin.hints.${field}`)}>
      <div className="relative">
        <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-slate-500">R$</span>
        <input
          id={idOf(field)}
          name={field}
          inputMode="decimal"
          maxLength={20}
          defaultValue={settings[field].replace('.', mark)}
          readOnly={!canManage}
          className="input pl-10 tabular-nums read-only:opacity-60"
          {...invalidProps(idOf(field), errors[field])}
        />
      </div>
    </Field>
  );
  const check = (name: string, checked: boolean, onChange: (next: boolean) => void, label: string, hint: string) => (
    <label className="flex items-start gap-3 text-sm text-slate-200">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        disabled={!canManage}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 accent-emerald-500"
      />
      <span>
        {label}
        <span className="block text-xs text-slate-500">{hint}</span>
      </span>
    </label>
  );

  return (
    <form
      onSubmit={submit}
      onChange={(event) => event.target instanceof HTMLInputElement && clear(event.target.name)}
      noValidate
      className="mb-6 max-w-3xl space-y-4"
      data-testid="rain-settings"
    >
      <section className="card space-y-4 p-4" aria-labelledby={idOf('switches')}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={idOf('switches')} className="text-sm font-semibold text-slate-200">
            {t('rain_admin.site', { name: settings.site_name })}
          </h2>
          {settings.regulated && <Badge tone="amber">{t('rain_admin.regulated_site')}</Badge>}
          {!settings.saved && <Badge tone="slate">{t('rain_admin.defaults')}</Badge>}
        </div>
        {check('enabled', enabled, setEnabled, t('rain_admin.fields.enabled'), t('rain_admin.hints.enabled'))}
        {check(
          'off_when_regulated',
          offWhenRegulated,
          setOffWhenRegulated,
          t('rain_admin.fields.off_when_regulated'),
          t('rain_admin.hints.off_when_regulated'),
        )}
        <Field label={t('rain_admin.fields.mode')} id={idOf('mode')} error={errors.mode} hint={t('rain_admin.hints.mode')}>
          <select id={idOf('mode')} name="mode" defaultValue={settings.mode} disabled={!canManage} className="input">
            <option value="claim">{t('rain_admin.modes.claim')}</option>
            <option value="auto">{t('rain_admin.modes.auto')}</option>
          </select>
        </Field>
      </section>
      <section className="card space-y-4 p-4" aria-labelledby={idOf('amounts')}>
        <h2 id={idOf('amounts')} className="text-sm font-semibold text-slate-200">
          {t('rain_admin.amounts')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {moneyField('pot')}
          {numberField('wagering_multiple')}
        </div>
      </section>
      <section className="card space-y-4 p-4" aria-labelledby={idOf('timing')}>
        <h2 id={idOf('timing')} className="text-sm font-semibold text-slate-200">
          {t('rain_admin.timing')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          {numberField('interval_minutes')}
          {numberField('announce_seconds')}
          {numberField('window_seconds')}
        </div>
      </section>
      <section className="card space-y-4 p-4" aria-labelledby={idOf('eligibility')}>
        <h2 id={idOf('eligibility')} className="text-sm font-semibold text-slate-200">
          {t('rain_admin.eligibility')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {moneyField('min_wager')}
          {numberField('chat_active_minutes')}
        </div>
        <p className="text-xs text-slate-500">{t('rain_admin.always')}</p>
      </section>
      <DialogError message={formError(save, hasServerFieldErrors(save.error))} />
      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-500">
          {settings.updated_at
            ? t('rain_admin.updated', { when: formatDateTime(settings.updated_at, language) })
            : t('rain_admin.never_saved')}
        </p>
        {canManage && (
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {save.isPending && <Spinner />}
            {t('rain_admin.save')}
          </button>
        )}
      </div>
    </form>
  );
}

const STATUS_TONES = { scheduled: 'slate', announced: 'blue', open: 'gold', paid: 'green', cancelled: 'red' } as const;

function RainsSection() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const rains = useRains(page);
  const columns = [
    { label: t('rain_admin.history.at') },
    { label: t('rain_admin.history.status') },
    { label: t('rain_admin.history.mode') },
    { label: t('rain_admin.history.pot'), numeric: true },
    { label: t('rain_admin.history.claims'), numeric: true },
    { label: t('rain_admin.history.paid_count'), numeric: true },
    { label: t('rain_admin.history.paid'), numeric: true },
    { label: t('rain_admin.history.open'), srOnly: true },
  ];
  // A rain paid to nobody (no claim, nobody eligible) says so rather than "paid".
  const status = (rain: AdminRain) =>
    rain.status === 'paid' && rain.paid_count === 0 ? (
      <Badge tone="slate">{t('rain_admin.statuses.nobody')}</Badge>
    ) : (
      <Badge tone={STATUS_TONES[rain.status]}>{t(`rain_admin.statuses.${rain.status}`)}</Badge>
    );
  const openButton = (rain: AdminRain) => (
    <button
      type="button"
      className="btn-ghost text-xs"
      aria-pressed={selected === rain.id}
      onClick={() => setSelected(selected === rain.id ? null : rain.id)}
    >
      {t('rain_admin.history.payouts')}
    </button>
  );

  return (
    <section className="card" aria-labelledby="rain-history" data-testid="rain-history">
      <h2 id="rain-history" className="p-4 pb-2 text-sm font-semibold text-slate-200">
        {t('rain_admin.history.title')}
      </h2>
      {rains.isPending ? (
        <TableSkeleton columns={columns.length} rows={5} />
      ) : rains.isError ? (
        <ErrorState message={errorMessage(rains.error)} onRetry={() => void rains.refetch()} />
      ) : rains.data.list.length === 0 ? (
        <EmptyState title={t('rain_admin.history.empty')} hint={t('rain_admin.history.empty_hint')} />
      ) : (
        <>
          <DataTable columns={columns} collapse="md" testId="rain-table">
            {rains.data.list.map((rain) => (
              <tr key={rain.id} data-rain={rain.id}>
                <td className="whitespace-nowrap">{formatDateTime(rain.at, language)}</td>
                <td>{status(rain)}</td>
                <td>{t(`rain_admin.modes.${rain.mode}`)}</td>
                <td className="text-right tabular-nums">{formatMoney(rain.pot, language)}</td>
                <td className="text-right tabular-nums">{rain.claims}</td>
                <td className="text-right tabular-nums">{rain.paid_count}</td>
                <td className="text-right tabular-nums">{formatMoney(rain.paid, language)}</td>
                <td className="text-right">{openButton(rain)}</td>
              </tr>
            ))}
          </DataTable>
          <CardList collapse="md">
            {rains.data.list.map((rain) => (
              <li key={rain.id} className="space-y-1 p-4 text-sm">
                <div className="flex items-center justify-between gap-2">
                  <span className="text-slate-200">{formatDateTime(rain.at, language)}</span>
                  {status(rain)}
                </div>
                <p className="text-slate-400">
                  {t('rain_admin.history.card', {
                    pot: formatMoney(rain.pot, language),
                    paid: formatMoney(rain.paid, language),
                    count: rain.paid_count,
                  })}
                </p>
                {openButton(rain)}
              </li>
            ))}
          </CardList>
          <div className="p-4">
            <Pagination page={page} pageSize={RAINS_PAGE_SIZE} total={rains.data.total} onPageChange={setPage} busy={rains.isFetching} />
          </div>
        </>
      )}
      {selected !== null && <Payouts id={selected} />}
    </section>
  );
}

function Payouts({ id }: { id: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const detail = useRainDetail(id);
  if (detail.isPending) return <TableSkeleton columns={5} rows={3} />;
  if (detail.isError) return <ErrorState message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />;
  const { rain, payouts } = detail.data;
  return (
    <div className="border-t border-white/5 p-4" data-testid="rain-payouts">
      <h3 className="mb-2 text-sm font-semibold text-slate-200">
        {t('rain_admin.payouts.title', {
          when: formatDateTime(rain.at, language),
          paid: formatMoney(rain.paid, language),
          pot: formatMoney(rain.pot, language),
        })}
      </h3>
      {payouts.length === 0 ? (
        <EmptyState
          title={t(rain.status === 'announced' || rain.status === 'open' ? 'rain_admin.payouts.none_yet' : 'rain_admin.payouts.empty')}
        />
      ) : (
        <DataTable
          columns={[
            { label: t('rain_admin.payouts.member') },
            { label: t('rain_admin.payouts.status') },
            { label: t('rain_admin.payouts.amount'), numeric: true },
            { label: t('rain_admin.payouts.wagering'), numeric: true },
            { label: t('rain_admin.payouts.claimed_at') },
          ]}
        >
          {payouts.map((p) => (
            <tr key={p.member_id}>
              <td>
                <Link className="text-gold-300 hover:underline" to={`/members/${p.member_id}`}>
                  {p.account}
                </Link>
              </td>
              <td>
                <Badge tone={p.status === 'paid' ? 'green' : p.status === 'skipped' ? 'red' : 'slate'}>
                  {t(`rain_admin.payouts.statuses.${p.status}`)}
                </Badge>
              </td>
              <td className="text-right tabular-nums">{formatMoney(p.amount, language)}</td>
              <td className="text-right tabular-nums">{formatMoney(p.wagering, language)}</td>
              <td className="whitespace-nowrap">{p.claimed_at ? formatDateTime(p.claimed_at, language) : '—'}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
