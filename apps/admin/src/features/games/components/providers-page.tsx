import type { AdminProvider } from '@casino/shared/schemas/games-admin';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardList, DataTable } from '../../../components/data-table';
import { EditButton } from '../../../components/edit-button';
import { Badge, PageHeader } from '../../../components/feedback';
import { FormDialog } from '../../../components/form-dialog';
import { CheckField, Field, invalidProps } from '../../../components/form-field';
import { LockIcon } from '../../../components/icons';
import { QuerySection } from '../../../components/query-section';
import { Switch } from '../../../components/switch';
import { toast, toastOutcome } from '../../../components/toaster';
import { usePermission } from '../../../lib/auth';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { type FieldErrors, formError, serverFieldErrors, useFieldErrors } from '../../../lib/use-field-errors';
import { useLanguage } from '../../../lib/use-language';
import { useGameProviders, useUpdateProvider } from '../api/games-admin';

export function ProvidersPage() {
  const { t } = useTranslation();
  const providers = useGameProviders();
  const [editing, setEditing] = useState<AdminProvider | null>(null);
  return (
    <>
      <PageHeader title={t('game_providers.title')} subtitle={t('game_providers.subtitle')} />
      <QuerySection query={providers} skeleton={{ columns: 7, rows: 3 }} empty={{ title: t('game_providers.empty') }}>
        {(list) => (
          <>
            <ProvidersTable providers={list} onEdit={setEditing} />
            <ProvidersCards providers={list} onEdit={setEditing} />
          </>
        )}
      </QuerySection>
      <p className="mt-3 flex items-start gap-2 text-xs text-slate-500">
        <LockIcon width={13} height={13} className="mt-px shrink-0" />
        {t('game_providers.secret_note')}
      </p>
      {editing && <EditProviderDialog provider={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

type OnEdit = (provider: AdminProvider) => void;

function KindBadge({ provider }: { provider: AdminProvider }) {
  const { t } = useTranslation();
  return provider.kind === 'house' ? (
    <Badge tone="gold">{t('game_providers.kinds.house')}</Badge>
  ) : (
    <Badge tone="blue">{t('game_providers.kinds.external', { defaultValue: provider.kind })}</Badge>
  );
}

function SecretBadge({ provider }: { provider: AdminProvider }) {
  const { t } = useTranslation();
  if (provider.kind === 'house') return <span className="text-xs text-slate-500">{t('game_providers.secret_in_process')}</span>;
  return provider.has_wallet_secret ? (
    <Badge tone="green">{t('game_providers.secret_set')}</Badge>
  ) : (
    <Badge tone="red">{t('game_providers.secret_missing')}</Badge>
  );
}

function ProviderSwitch({ provider }: { provider: AdminProvider }) {
  const { t } = useTranslation();
  const canManage = usePermission('games.manage');
  const update = useUpdateProvider();
  if (!canManage) {
    return provider.enabled ? <Badge tone="green">{t('games.enabled')}</Badge> : <Badge tone="slate">{t('games.disabled')}</Badge>;
  }
  return (
    <Switch
      checked={provider.enabled}
      label={
        provider.enabled
          ? t('game_providers.disable_named', { name: provider.name })
          : t('game_providers.enable_named', { name: provider.name })
      }
      pending={update.isPending}
      onChange={(enabled) => update.mutate({ id: provider.id, update: { enabled } }, toastOutcome(t('game_providers.saved')))}
    />
  );
}

function GameCount({ provider }: { provider: AdminProvider }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const canRead = usePermission('games.read');
  const text = t('game_providers.game_count', {
    enabled: formatNumber(provider.enabled_game_count, language),
    total: formatNumber(provider.game_count, language),
  });
  if (!canRead) return <span>{text}</span>;
  return (
    <Link
      to={`/games?provider=${encodeURIComponent(provider.plat_type)}`}
      className="text-gold-300 tabular-nums hover:text-gold-400 hover:underline"
    >
      {text}
    </Link>
  );
}

function EditProviderButton({ provider, onEdit, wide = false }: { provider: AdminProvider; onEdit: OnEdit; wide?: boolean }) {
  const { t } = useTranslation();
  if (!usePermission('games.manage')) return null;
  return (
    <EditButton
      label={t('games.edit')}
      name={t('game_providers.edit_named', { name: provider.name })}
      onClick={() => onEdit(provider)}
      wide={wide}
    />
  );
}

function ProvidersTable({ providers, onEdit }: { providers: AdminProvider[]; onEdit: OnEdit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <DataTable
      testId="providers-table"
      collapse="md"
      columns={[
        { label: t('game_providers.columns.provider') },
        { label: t('game_providers.columns.kind') },
        { label: t('game_providers.columns.games') },
        { label: t('game_providers.columns.wallet') },
        { label: t('game_providers.columns.sort'), numeric: true },
        { label: t('game_providers.columns.updated'), className: 'hidden lg:table-cell' },
        { label: t('game_providers.columns.enabled') },
        { label: t('games.edit'), srOnly: true },
      ]}
    >
      {providers.map((provider) => (
        <tr key={provider.id} data-provider={provider.plat_type} className="transition-colors hover:bg-white/[0.025]">
          <td>
            <p className={`font-medium ${provider.enabled ? 'text-white' : 'text-slate-400'}`}>{provider.name}</p>
            <p className="font-mono text-[11px] text-slate-500">{provider.plat_type}</p>
          </td>
          <td>
            <KindBadge provider={provider} />
          </td>
          <td>
            <GameCount provider={provider} />
          </td>
          <td>
            <SecretBadge provider={provider} />
          </td>
          <td className="text-right text-slate-400 tabular-nums">{provider.sort}</td>
          <td className="hidden whitespace-nowrap text-slate-400 lg:table-cell">{formatDateTime(provider.updated_at, language)}</td>
          <td>
            <ProviderSwitch provider={provider} />
          </td>
          <td className="text-right">
            <EditProviderButton provider={provider} onEdit={onEdit} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function ProvidersCards({ providers, onEdit }: { providers: AdminProvider[]; onEdit: OnEdit }) {
  return (
    <CardList collapse="md">
      {providers.map((provider) => (
        <li key={provider.id} data-provider={provider.plat_type} className="space-y-2 px-3 py-3">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-medium text-white">{provider.name}</p>
              <p className="font-mono text-[11px] text-slate-500">{provider.plat_type}</p>
            </div>
            <ProviderSwitch provider={provider} />
          </div>
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <KindBadge provider={provider} />
            <SecretBadge provider={provider} />
            <GameCount provider={provider} />
          </div>
          <EditProviderButton provider={provider} onEdit={onEdit} wide />
        </li>
      ))}
    </CardList>
  );
}

const FIELDS = ['name', 'sort'] as const;
type ProviderField = (typeof FIELDS)[number];

function EditProviderDialog({ provider, onClose }: { provider: AdminProvider; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateProvider();
  const { errors, setErrors, hasErrors } = useFieldErrors<ProviderField>();
  const ids = { name: useId(), sort: useId(), enabled: useId() };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    const sortText = String(form.get('sort') ?? '').trim();
    const next: FieldErrors<ProviderField> = {};
    if (!name) next.name = t('validation.required');
    if (!/^\d{1,7}$/.test(sortText) || Number(sortText) > 1_000_000) next.sort = t('games.form.sort_invalid');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const enabled = form.get('enabled') === 'on';
    const body = {
      ...(name !== provider.name ? { name } : {}),
      ...(Number(sortText) !== provider.sort ? { sort: Number(sortText) } : {}),
      ...(enabled !== provider.enabled ? { enabled } : {}),
    };
    if (Object.keys(body).length === 0) {
      toast.success(t('games.no_changes'));
      onClose();
      return;
    }
    update.mutate(
      { id: provider.id, update: body },
      {
        onSuccess: ({ message }) => {
          toast.success(message || t('game_providers.saved'));
          onClose();
        },
        onError: (error) => setErrors(serverFieldErrors(error, FIELDS)),
      },
    );
  }

  return (
    <FormDialog
      title={t('game_providers.edit_title', { name: provider.name })}
      description={t('game_providers.edit_description')}
      pending={update.isPending}
      error={formError(update, hasErrors)}
      submitLabel={t('games.form.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label={t('game_providers.form.name')} id={ids.name} error={errors.name}>
        <input
          id={ids.name}
          name="name"
          defaultValue={provider.name}
          maxLength={64}
          className="input"
          {...invalidProps(ids.name, errors.name)}
        />
      </Field>
      <Field label={t('game_providers.form.sort')} id={ids.sort} error={errors.sort} hint={t('game_providers.form.sort_hint')} hintId>
        <input
          id={ids.sort}
          name="sort"
          inputMode="numeric"
          defaultValue={provider.sort}
          maxLength={7}
          className="input tabular-nums"
          {...invalidProps(ids.sort, errors.sort, { hint: true })}
        />
      </Field>
      <CheckField
        id={ids.enabled}
        name="enabled"
        defaultChecked={provider.enabled}
        label={t('game_providers.form.enabled')}
        hint={t('game_providers.form.enabled_hint')}
        boxed
      />
    </FormDialog>
  );
}
