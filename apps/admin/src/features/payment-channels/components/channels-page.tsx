import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardList, DataTable } from '../../../components/data-table';
import { EditButton } from '../../../components/edit-button';
import { Badge, PageHeader } from '../../../components/feedback';
import { FormDialog } from '../../../components/form-dialog';
import { CheckField, CheckGroup, Field, invalidProps } from '../../../components/form-field';
import { QuerySection } from '../../../components/query-section';
import { toast } from '../../../components/toaster';
import {
  basisPointsToPercent,
  centavosOf,
  formatBasisPoints,
  formatMoney,
  parseReaisInput,
  percentToBasisPoints,
} from '../../../lib/format';
import type { AdminPaymentChannel } from '../../../lib/types';
import { type FieldErrors, formError, hasServerFieldErrors, serverFieldErrors, useFieldErrors } from '../../../lib/use-field-errors';
import { useLanguage } from '../../../lib/use-language';
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
      <QuerySection query={channels} skeleton={{ columns: 7, rows: 3 }} empty={{ title: t('channels.empty') }}>
        {(list) => (
          <>
            <ChannelsTable channels={list} onEdit={setEditing} />
            <ChannelsCards channels={list} onEdit={setEditing} />
          </>
        )}
      </QuerySection>
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
    <DataTable
      testId="channels-table"
      collapse="md"
      columns={[
        { label: t('channels.columns.name') },
        { label: t('channels.columns.direction') },
        { label: t('channels.columns.min'), numeric: true },
        { label: t('channels.columns.max'), numeric: true },
        { label: t('channels.columns.fee'), numeric: true },
        { label: t('channels.columns.instant') },
        { label: t('channels.columns.status') },
        { label: t('channels.edit'), srOnly: true },
      ]}
    >
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
            <EditButton
              label={t('channels.edit')}
              name={t('channels.edit_named', { name: channel.name })}
              onClick={() => onEdit(channel)}
            />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function ChannelsCards({ channels, onEdit }: { channels: AdminPaymentChannel[]; onEdit: OnEdit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <CardList collapse="md">
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
          <EditButton
            label={t('channels.edit')}
            name={t('channels.edit_named', { name: channel.name })}
            onClick={() => onEdit(channel)}
            wide
          />
        </li>
      ))}
    </CardList>
  );
}

const FIELDS = ['name', 'min', 'max', 'fee'] as const;
type ChannelField = (typeof FIELDS)[number];

function EditChannelDialog({ channel, onClose }: { channel: AdminPaymentChannel; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateChannel();
  const { errors, setErrors, clear } = useFieldErrors<ChannelField>();
  const ids = { name: useId(), min: useId(), max: useId(), fee: useId(), enabled: useId(), instant: useId() };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    const min = parseReaisInput(String(form.get('min') ?? ''));
    const max = parseReaisInput(String(form.get('max') ?? ''));
    const feeBp = percentToBasisPoints(String(form.get('fee') ?? ''));
    const next: FieldErrors<ChannelField> = {};
    if (!name) next.name = t('validation.required');
    if (!min) next.min = t('validation.amount');
    if (!max) next.max = t('validation.amount');
    if (min && max && centavosOf(min) > centavosOf(max)) next.max = t('channels.form.max_below_min');
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
        onError: (error) => setErrors(serverFieldErrors(error, FIELDS, { fee_bp: 'fee' })),
      },
    );
  }

  const invalid = (field: ChannelField) => invalidProps(ids[field], errors[field]);
  return (
    <FormDialog
      title={t('channels.edit_title', { name: channel.name })}
      description={t('channels.edit_description')}
      pending={update.isPending}
      error={formError(update, hasServerFieldErrors(update.error))}
      submitLabel={t('channels.form.save')}
      onSubmit={submit}
      onClose={onClose}
      onFieldInput={clear}
    >
      <Field label={t('channels.form.name')} id={ids.name} error={errors.name}>
        <input id={ids.name} name="name" defaultValue={channel.name} maxLength={64} className="input" {...invalid('name')} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('channels.form.min')} id={ids.min} error={errors.min}>
          <input
            id={ids.min}
            name="min"
            inputMode="decimal"
            defaultValue={channel.min}
            maxLength={20}
            className="input tabular-nums"
            {...invalid('min')}
          />
        </Field>
        <Field label={t('channels.form.max')} id={ids.max} error={errors.max}>
          <input
            id={ids.max}
            name="max"
            inputMode="decimal"
            defaultValue={channel.max}
            maxLength={20}
            className="input tabular-nums"
            {...invalid('max')}
          />
        </Field>
      </div>
      <Field label={t('channels.form.fee')} id={ids.fee} error={errors.fee} hint={t('channels.form.fee_hint')} hintId>
        <div className="relative">
          <input
            id={ids.fee}
            name="fee"
            inputMode="decimal"
            defaultValue={basisPointsToPercent(feeBasisPoints(channel))}
            maxLength={6}
            className="input pr-8 tabular-nums"
            {...invalidProps(ids.fee, errors.fee, { hint: true })}
          />
          <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-slate-500">%</span>
        </div>
      </Field>
      <CheckGroup>
        <CheckField
          id={ids.enabled}
          name="enabled"
          defaultChecked={isEnabled(channel)}
          label={t('channels.form.enabled')}
          hint={t('channels.form.enabled_hint')}
        />
        <CheckField
          id={ids.instant}
          name="instant_receipt"
          defaultChecked={channel.instant_receipt}
          label={t('channels.form.instant_receipt')}
          hint={t('channels.form.instant_receipt_hint')}
          divided
        />
      </CheckGroup>
    </FormDialog>
  );
}
