import { moneyStringToCentavos } from '@casino/shared/money';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/confirm-dialog';
import { Badge, EmptyState, ErrorState, PageHeader, TableSkeleton } from '../../../components/feedback';
import { EditIcon } from '../../../components/icons';
import { DialogError, Modal } from '../../../components/modal';
import { toast } from '../../../components/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { basisPointsToPercent, formatBasisPoints, formatMoney, parseReaisInput, percentToBasisPoints } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import type { AdminPaymentChannel } from '../../../lib/types';
import { type ChannelUpdate, useChannels, useUpdateChannel } from '../api/channels';

/** The fee in basis points: the server's own field when it sends one, else read from the percent text. */
function feeBasisPoints(channel: AdminPaymentChannel): number {
  return channel.fee_bp ?? percentToBasisPoints(channel.fee) ?? 0;
}

function isEnabled(channel: AdminPaymentChannel): boolean {
  return channel.enabled ?? true;
}

/** Older servers list channels without `enabled`; the state is then unknown, not "enabled". */
function enabledKnown(channel: AdminPaymentChannel): boolean {
  return typeof channel.enabled === 'boolean';
}

export function ChannelsPage() {
  const { t } = useTranslation();
  const channels = useChannels();
  const [editing, setEditing] = useState<AdminPaymentChannel | null>(null);

  return (
    <>
      <PageHeader title={t('channels.title')} subtitle={t('channels.subtitle')} />
      <section className="card overflow-hidden" aria-busy={channels.isFetching}>
        {channels.isPending ? (
          <TableSkeleton columns={7} rows={3} />
        ) : channels.isError ? (
          <ErrorState message={errorMessage(channels.error)} onRetry={() => void channels.refetch()} />
        ) : channels.data.length === 0 ? (
          <EmptyState title={t('channels.empty')} />
        ) : (
          <>
            <ChannelsTable channels={channels.data} onEdit={setEditing} />
            <ChannelsCards channels={channels.data} onEdit={setEditing} />
          </>
        )}
      </section>
      {editing && <EditChannelDialog channel={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

type OnEdit = (channel: AdminPaymentChannel) => void;

function EnabledBadge({ channel }: { channel: AdminPaymentChannel }) {
  const { t } = useTranslation();
  if (!enabledKnown(channel)) return <span className="text-slate-500">—</span>;
  return isEnabled(channel) ? <Badge tone="green">{t('channels.enabled')}</Badge> : <Badge tone="slate">{t('channels.disabled')}</Badge>;
}

function Fee({ channel }: { channel: AdminPaymentChannel }) {
  const language = useLanguage();
  const fixed = channel.fee_fixed && !/^0+(\.0+)?$/.test(channel.fee_fixed) ? ` + ${formatMoney(channel.fee_fixed, language)}` : '';
  return (
    <span className="whitespace-nowrap tabular-nums">
      {formatBasisPoints(feeBasisPoints(channel), language)}
      {fixed}
    </span>
  );
}

function ChannelsTable({ channels, onEdit }: { channels: AdminPaymentChannel[]; onEdit: OnEdit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="data-table" data-testid="channels-table">
        <thead>
          <tr>
            <th scope="col">{t('channels.columns.name')}</th>
            <th scope="col">{t('channels.columns.direction')}</th>
            <th scope="col" className="text-right">
              {t('channels.columns.min')}
            </th>
            <th scope="col" className="text-right">
              {t('channels.columns.max')}
            </th>
            <th scope="col" className="text-right">
              {t('channels.columns.fee')}
            </th>
            <th scope="col">{t('channels.columns.instant')}</th>
            <th scope="col">{t('channels.columns.status')}</th>
            <th scope="col">
              <span className="sr-only">{t('channels.edit')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {channels.map((channel) => (
            <tr key={channel.id} data-channel={channel.code} className="transition-colors hover:bg-white/[0.025]">
              <td>
                <p className="font-medium text-white">{channel.name}</p>
                <p className="font-mono text-[11px] text-slate-500">
                  {channel.code} · {channel.payment_type}
                </p>
              </td>
              <td>
                <Badge tone={channel.direction === 'deposit' ? 'blue' : 'gold'}>{t(`channels.directions.${channel.direction}`)}</Badge>
              </td>
              <td className="whitespace-nowrap text-right tabular-nums">{formatMoney(channel.min, language)}</td>
              <td className="whitespace-nowrap text-right tabular-nums">{formatMoney(channel.max, language)}</td>
              <td className="text-right">
                <Fee channel={channel} />
              </td>
              <td className="text-slate-300">{channel.instant_receipt ? t('channels.yes') : t('channels.no')}</td>
              <td>
                <EnabledBadge channel={channel} />
              </td>
              <td className="text-right">
                <button
                  type="button"
                  className="btn-ghost h-8 px-2.5"
                  onClick={() => onEdit(channel)}
                  aria-label={t('channels.edit_named', { name: channel.name })}
                >
                  <EditIcon width={15} height={15} />
                  {t('channels.edit')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ChannelsCards({ channels, onEdit }: { channels: AdminPaymentChannel[]; onEdit: OnEdit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="divide-y divide-white/5 md:hidden">
      {channels.map((channel) => (
        <li key={channel.id} className="space-y-2 px-3 py-3">
          <div className="flex items-center justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-medium text-white">{channel.name}</p>
              <p className="text-xs text-slate-500">{t(`channels.directions.${channel.direction}`)}</p>
            </div>
            <EnabledBadge channel={channel} />
          </div>
          <p className="text-xs text-slate-400 tabular-nums">
            {formatMoney(channel.min, language)} – {formatMoney(channel.max, language)} · {t('channels.columns.fee')}{' '}
            <Fee channel={channel} />
          </p>
          <button
            type="button"
            className="btn-secondary h-8 w-full"
            onClick={() => onEdit(channel)}
            aria-label={t('channels.edit_named', { name: channel.name })}
          >
            <EditIcon width={15} height={15} />
            {t('channels.edit')}
          </button>
        </li>
      ))}
    </ul>
  );
}

type FieldErrors = Partial<Record<'name' | 'min' | 'max' | 'fee', string>>;

function EditChannelDialog({ channel, onClose }: { channel: AdminPaymentChannel; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateChannel();
  const [errors, setErrors] = useState<FieldErrors>({});
  const ids = { name: useId(), min: useId(), max: useId(), fee: useId(), enabled: useId(), instant: useId() };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    const min = parseReaisInput(String(form.get('min') ?? ''));
    const max = parseReaisInput(String(form.get('max') ?? ''));
    const feeBp = percentToBasisPoints(String(form.get('fee') ?? ''));
    const next: FieldErrors = {};
    if (!name) next.name = t('validation.required');
    if (!min) next.min = t('validation.amount');
    if (!max) next.max = t('validation.amount');
    if (min && max && (moneyStringToCentavos(min) ?? 0) > (moneyStringToCentavos(max) ?? 0)) next.max = t('channels.form.max_below_min');
    if (feeBp === null) next.fee = t('channels.form.fee_invalid');
    setErrors(next);
    if (Object.keys(next).length > 0 || !min || !max || feeBp === null) return;

    const body: ChannelUpdate = {
      name,
      min,
      max,
      fee_bp: feeBp,
      instant_receipt: form.get('instant_receipt') === 'on',
    };
    const enabled = form.get('enabled') === 'on';
    if (enabledKnown(channel) || enabled !== isEnabled(channel)) body.enabled = enabled;
    update.mutate(
      { id: channel.id, update: body },
      {
        onSuccess: ({ message }) => {
          toast.success(message || t('channels.saved'));
          onClose();
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          const fromServer: FieldErrors = {};
          for (const [field, messages] of Object.entries(error.fieldErrors)) {
            const key = field === 'fee_bp' ? 'fee' : field;
            if ((key === 'name' || key === 'min' || key === 'max' || key === 'fee') && messages[0]) fromServer[key] = messages[0];
          }
          setErrors(fromServer);
        },
      },
    );
  }

  const fieldError = (key: keyof FieldErrors) =>
    errors[key] ? (
      <p id={`${ids[key]}-error`} className="mt-1 text-xs text-rose-300">
        {errors[key]}
      </p>
    ) : null;
  const describedBy = (key: keyof FieldErrors) => (errors[key] ? `${ids[key]}-error` : undefined);

  return (
    <Modal
      open
      title={t('channels.edit_title', { name: channel.name })}
      description={t('channels.edit_description')}
      pending={update.isPending}
      onClose={() => {
        if (!update.isPending) onClose();
      }}
    >
      <form
        onSubmit={submit}
        onChange={(event) => {
          // Typing in a field clears that field's message.
          const target: EventTarget = event.target;
          if (!(target instanceof HTMLInputElement) || !(target.name in errors)) return;
          setErrors((current) => ({ ...current, [target.name]: undefined }));
        }}
        noValidate
        className="space-y-3.5"
      >
        <div>
          <label htmlFor={ids.name} className="field-label">
            {t('channels.form.name')}
          </label>
          <input
            id={ids.name}
            name="name"
            defaultValue={channel.name}
            maxLength={64}
            className="input"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
          />
          {fieldError('name')}
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor={ids.min} className="field-label">
              {t('channels.form.min')}
            </label>
            <input
              id={ids.min}
              name="min"
              inputMode="decimal"
              defaultValue={channel.min}
              maxLength={20}
              className="input tabular-nums"
              aria-invalid={errors.min ? true : undefined}
              aria-describedby={describedBy('min')}
            />
            {fieldError('min')}
          </div>
          <div>
            <label htmlFor={ids.max} className="field-label">
              {t('channels.form.max')}
            </label>
            <input
              id={ids.max}
              name="max"
              inputMode="decimal"
              defaultValue={channel.max}
              maxLength={20}
              className="input tabular-nums"
              aria-invalid={errors.max ? true : undefined}
              aria-describedby={describedBy('max')}
            />
            {fieldError('max')}
          </div>
        </div>
        <div>
          <label htmlFor={ids.fee} className="field-label">
            {t('channels.form.fee')}
          </label>
          <div className="relative">
            <input
              id={ids.fee}
              name="fee"
              inputMode="decimal"
              defaultValue={basisPointsToPercent(feeBasisPoints(channel))}
              maxLength={6}
              className="input pr-8 tabular-nums"
              aria-invalid={errors.fee ? true : undefined}
              aria-describedby={errors.fee ? `${ids.fee}-error` : `${ids.fee}-hint`}
            />
            <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-slate-500">%</span>
          </div>
          {errors.fee ? (
            fieldError('fee')
          ) : (
            <p id={`${ids.fee}-hint`} className="mt-1 text-xs text-slate-500">
              {t('channels.form.fee_hint')}
            </p>
          )}
        </div>
        <div className="space-y-2 rounded-lg border border-white/5 bg-navy-900/60 p-3">
          <label htmlFor={ids.enabled} className="flex cursor-pointer items-center justify-between gap-3 text-sm">
            <span>
              <span className="block font-medium text-slate-200">{t('channels.form.enabled')}</span>
              <span className="block text-xs text-slate-500">{t('channels.form.enabled_hint')}</span>
            </span>
            <input
              id={ids.enabled}
              name="enabled"
              type="checkbox"
              defaultChecked={isEnabled(channel)}
              className="size-4 accent-amber-400"
            />
          </label>
          <label
            htmlFor={ids.instant}
            className="flex cursor-pointer items-center justify-between gap-3 border-t border-white/5 pt-2 text-sm"
          >
            <span>
              <span className="block font-medium text-slate-200">{t('channels.form.instant_receipt')}</span>
              <span className="block text-xs text-slate-500">{t('channels.form.instant_receipt_hint')}</span>
            </span>
            <input
              id={ids.instant}
              name="instant_receipt"
              type="checkbox"
              defaultChecked={channel.instant_receipt}
              className="size-4 accent-amber-400"
            />
          </label>
        </div>
        {/* Field errors sit under their fields; anything else is shown here. */}
        <DialogError message={update.isError && !hasFieldErrors(update.error) ? errorMessage(update.error) : null} />
        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={onClose} disabled={update.isPending}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={update.isPending}>
            {update.isPending && <Spinner />}
            {t('channels.form.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function hasFieldErrors(error: unknown): boolean {
  return isApiError(error) && Object.keys(error.fieldErrors).length > 0;
}
