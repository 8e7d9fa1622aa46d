import {
  type AdminRedeemCode,
  MAX_REDEEM_USES,
  MAX_VIP_LEVEL,
  MAX_WAGERING_MULTIPLE,
  REDEEM_CODE_PATTERN,
} from '@casino/shared/schemas/promotions-admin';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardList, DataTable } from '../../../components/data-table';
import { EditButton } from '../../../components/edit-button';
import { Badge, PageHeader } from '../../../components/feedback';
import { FilterBar } from '../../../components/filter-bar';
import { FormDialog } from '../../../components/form-dialog';
import { CheckField, Field, invalidProps, SearchInput, SelectField } from '../../../components/form-field';
import { PlusIcon } from '../../../components/icons';
import { PagedSection } from '../../../components/query-section';
import { Switch } from '../../../components/switch';
import { toast, toastOutcome } from '../../../components/toaster';
import { usePermission } from '../../../lib/auth';
import { formatDateTime, formatMoney, formatNumber, parseReaisInput } from '../../../lib/format';
import { type FieldErrors, formError, serverFieldErrors, useFieldErrors } from '../../../lib/use-field-errors';
import { useLanguage } from '../../../lib/use-language';
import { oneOf, pageParam, useUrlFilters } from '../../../lib/use-url-filters';
import {
  CODES_PAGE_SIZE,
  type CodeFilters,
  type RedeemCodeCreate,
  type RedeemCodeUpdate,
  useCreateRedeemCode,
  useRedeemCodes,
  useUpdateRedeemCode,
} from '../api/promotions-admin';
import { isoToLocalInput, localInputToIso } from './promotions-ui';

function useCodeFilters() {
  const { params, update } = useUrlFilters<'code' | 'enabled'>();
  const filters: CodeFilters = { code: params.get('code') ?? '', enabled: oneOf(params, 'enabled', ['1', '0']), page: pageParam(params) };
  return { filters, update };
}

export function RedeemCodesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const canManage = usePermission('promotions.manage');
  const { filters, update } = useCodeFilters();
  const codes = useRedeemCodes(filters);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminRedeemCode | null>(null);
  const ids = { code: useId(), status: useId() };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update({ code: String(new FormData(event.currentTarget).get('code') ?? '').trim(), page: 1 });
  }

  const filtered = filters.code !== '' || filters.enabled !== '';
  return (
    <>
      <PageHeader
        title={t('promotions.codes.title')}
        subtitle={codes.data ? t('common.total', { total: formatNumber(codes.data.total, language) }) : t('promotions.codes.subtitle')}
        actions={
          canManage && (
            <button type="button" className="btn-primary" onClick={() => setCreating(true)}>
              <PlusIcon width={16} height={16} />
              {t('promotions.codes.create')}
            </button>
          )
        }
      />
      <FilterBar key={filters.code} onSubmit={submit} className="grid gap-3 p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,12rem)] sm:items-end">
        <Field label={t('promotions.codes.search')} id={ids.code}>
          <SearchInput
            id={ids.code}
            name="code"
            defaultValue={filters.code}
            maxLength={32}
            autoComplete="off"
            spellCheck={false}
            className="font-mono uppercase"
          />
        </Field>
        <SelectField
          id={ids.status}
          label={t('promotions.codes.status')}
          value={filters.enabled}
          onChange={(value) => update({ enabled: value, page: 1 })}
        >
          <option value="">{t('promotions.codes.status_all')}</option>
          <option value="1">{t('promotions.codes.enabled')}</option>
          <option value="0">{t('promotions.codes.disabled')}</option>
        </SelectField>
      </FilterBar>

      <PagedSection
        query={codes}
        skeleton={{ columns: 7, rows: 4 }}
        empty={{
          title: filtered ? t('promotions.codes.empty_filtered') : t('promotions.codes.empty'),
          hint: filtered ? undefined : t('promotions.codes.empty_hint'),
        }}
        pageSize={CODES_PAGE_SIZE}
        onPageChange={(page) => update({ page })}
      >
        {(list) => (
          <>
            <CodesTable list={list} onEdit={setEditing} />
            <CodesCards list={list} onEdit={setEditing} />
          </>
        )}
      </PagedSection>
      {creating && <CodeDialog onClose={() => setCreating(false)} />}
      {editing && <CodeDialog code={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

type OnEdit = (code: AdminRedeemCode) => void;

const STATE_TONES = { active: 'green', disabled: 'slate', scheduled: 'blue', expired: 'amber', used_up: 'gold' } as const;

function StateBadge({ code }: { code: AdminRedeemCode }) {
  const { t } = useTranslation();
  return <Badge tone={STATE_TONES[code.state]}>{t(`promotions.codes.states.${code.state}`)}</Badge>;
}

function EnabledSwitch({ code }: { code: AdminRedeemCode }) {
  const { t } = useTranslation();
  const canManage = usePermission('promotions.manage');
  const update = useUpdateRedeemCode();
  if (!canManage) return <StateBadge code={code} />;
  return (
    <Switch
      checked={code.enabled}
      label={
        code.enabled ? t('promotions.codes.disable_named', { code: code.code }) : t('promotions.codes.enable_named', { code: code.code })
      }
      pending={update.isPending}
      onChange={(enabled) => update.mutate({ id: code.id, update: { enabled } }, toastOutcome(t('promotions.codes.saved')))}
    />
  );
}

function Uses({ code }: { code: AdminRedeemCode }) {
  const language = useLanguage();
  const share = code.max_uses > 0 ? Math.min(100, (code.used_count / code.max_uses) * 100) : 0;
  return (
    <span className="block min-w-24">
      <span className="block text-xs tabular-nums text-slate-300">
        {formatNumber(code.used_count, language)} / {formatNumber(code.max_uses, language)}
      </span>
      <span className="mt-1 block h-1 overflow-hidden rounded-full bg-white/5" aria-hidden="true">
        <span className="block h-full rounded-full bg-gold-400" style={{ width: `${share}%` }} />
      </span>
    </span>
  );
}

function Dates({ code }: { code: AdminRedeemCode }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!code.starts_at && !code.ends_at) return <span className="text-slate-500">{t('promotions.activities.always')}</span>;
  return (
    <span className="block text-xs leading-5 text-slate-300 tabular-nums">
      {code.starts_at && <span className="block">{t('promotions.activities.from', { at: formatDateTime(code.starts_at, language) })}</span>}
      {code.ends_at && <span className="block">{t('promotions.activities.until', { at: formatDateTime(code.ends_at, language) })}</span>}
    </span>
  );
}

function EditCodeButton({ code, onEdit, wide = false }: { code: AdminRedeemCode; onEdit: OnEdit; wide?: boolean }) {
  const { t } = useTranslation();
  if (!usePermission('promotions.manage')) return null;
  return (
    <EditButton
      label={t('promotions.codes.edit')}
      name={t('promotions.codes.edit_named', { code: code.code })}
      onClick={() => onEdit(code)}
      wide={wide}
    />
  );
}

function CodesTable({ list, onEdit }: { list: AdminRedeemCode[]; onEdit: OnEdit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <DataTable
      testId="redeem-codes-table"
      collapse="md"
      columns={[
        { label: t('promotions.codes.columns.code') },
        { label: t('promotions.codes.columns.enabled') },
        { label: t('promotions.codes.columns.amount'), numeric: true },
        { label: t('promotions.codes.columns.uses') },
        { label: t('promotions.codes.columns.dates') },
        { label: t('promotions.codes.columns.cost'), numeric: true },
        { label: t('promotions.codes.edit'), srOnly: true },
      ]}
    >
      {list.map((code) => (
        <tr key={code.id} data-code={code.code} className="transition-colors hover:bg-white/[0.025]">
          <td>
            <p className="font-mono font-medium text-white">{code.code}</p>
            <p className="mt-0.5 flex flex-wrap gap-1">
              <StateBadge code={code} />
              {code.min_vip_level > 0 && <Badge tone="gold">{t('promotions.activities.vip', { level: code.min_vip_level })}</Badge>}
            </p>
          </td>
          <td>
            <EnabledSwitch code={code} />
          </td>
          <td className="whitespace-nowrap text-right tabular-nums">
            <span className="block font-medium text-white">{formatMoney(code.amount, language)}</span>
            <span className="block text-xs text-slate-500">
              {t('promotions.codes.wagering', { multiple: code.wagering_multiple, amount: formatMoney(code.wagering, language) })}
            </span>
          </td>
          <td>
            <Uses code={code} />
          </td>
          <td>
            <Dates code={code} />
          </td>
          <td className="whitespace-nowrap text-right tabular-nums">{formatMoney(code.cost, language)}</td>
          <td className="text-right">
            <EditCodeButton code={code} onEdit={onEdit} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function CodesCards({ list, onEdit }: { list: AdminRedeemCode[]; onEdit: OnEdit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <CardList collapse="md">
      {list.map((code) => (
        <li key={code.id} data-code={code.code} className="space-y-2 px-3 py-3">
          <div className="flex items-center justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-mono font-medium text-white">{code.code}</p>
              <StateBadge code={code} />
            </div>
            <EnabledSwitch code={code} />
          </div>
          <p className="text-xs text-slate-400 tabular-nums">
            {formatMoney(code.amount, language)} ·{' '}
            {t('promotions.codes.wagering', { multiple: code.wagering_multiple, amount: formatMoney(code.wagering, language) })}
          </p>
          <Uses code={code} />
          <Dates code={code} />
          <EditCodeButton code={code} onEdit={onEdit} wide />
        </li>
      ))}
    </CardList>
  );
}

const CODE_FIELDS = ['code', 'amount', 'wagering_multiple', 'max_uses', 'min_vip_level', 'starts_at', 'ends_at'] as const;
type CodeField = (typeof CODE_FIELDS)[number];

function whole(text: string, min: number, max: number): number | null {
  if (!/^\d{1,8}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

/** Reads the dialog: a whole new code, or only what changed of an existing one. */
function readCodeForm(form: FormData, existing: AdminRedeemCode | undefined, t: (key: string, values?: Record<string, unknown>) => string) {
  const errors: FieldErrors<CodeField> = {};
  const text = (name: string) => String(form.get(name) ?? '');
  const maxUses = whole(text('max_uses'), Math.max(1, existing?.used_count ?? 1), MAX_REDEEM_USES);
  if (maxUses === null) {
    errors.max_uses =
      existing && existing.used_count > 0
        ? t('promotions.codes.form.uses_below', { used: existing.used_count })
        : t('promotions.codes.form.uses_invalid', { max: MAX_REDEEM_USES });
  }
  const vip = whole(text('min_vip_level'), 0, MAX_VIP_LEVEL);
  if (vip === null) errors.min_vip_level = t('promotions.edit.vip_invalid', { max: MAX_VIP_LEVEL });
  const startsAt = localInputToIso(text('starts_at'));
  const endsAt = localInputToIso(text('ends_at'));
  if (startsAt === undefined) errors.starts_at = t('promotions.edit.date_invalid');
  if (endsAt === undefined) errors.ends_at = t('promotions.edit.date_invalid');
  if (startsAt && endsAt && Date.parse(startsAt) >= Date.parse(endsAt)) errors.ends_at = t('promotions.edit.ends_before_starts');
  const enabled = form.get('enabled') === 'on';

  if (existing) {
    const update: RedeemCodeUpdate = {};
    if (maxUses !== null && maxUses !== existing.max_uses) update.max_uses = maxUses;
    if (vip !== null && vip !== existing.min_vip_level) update.min_vip_level = vip;
    if (startsAt !== undefined && text('starts_at') !== isoToLocalInput(existing.starts_at)) update.starts_at = startsAt;
    if (endsAt !== undefined && text('ends_at') !== isoToLocalInput(existing.ends_at)) update.ends_at = endsAt;
    if (enabled !== existing.enabled) update.enabled = enabled;
    return { errors, update };
  }

  const code = text('code').trim().toUpperCase();
  if (!REDEEM_CODE_PATTERN.test(code)) errors.code = t('promotions.codes.form.code_invalid');
  const amount = parseReaisInput(text('amount'));
  if (!amount) errors.amount = t('validation.amount');
  const multiple = whole(text('wagering_multiple'), 0, MAX_WAGERING_MULTIPLE);
  if (multiple === null) errors.wagering_multiple = t('promotions.edit.multiple_invalid', { max: MAX_WAGERING_MULTIPLE });
  const create: RedeemCodeCreate | null =
    amount && multiple !== null && maxUses !== null && vip !== null && startsAt !== undefined && endsAt !== undefined
      ? { code, amount, wagering_multiple: multiple, max_uses: maxUses, min_vip_level: vip, starts_at: startsAt, ends_at: endsAt, enabled }
      : null;
  return { errors, create };
}

/** Creates a code, or edits an existing one (its code and amount never change: members may hold it already). */
function CodeDialog({ code, onClose }: { code?: AdminRedeemCode; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const create = useCreateRedeemCode();
  const update = useUpdateRedeemCode();
  const pending = create.isPending || update.isPending;
  const failed = code ? update : create;
  const { errors, setErrors, hasErrors } = useFieldErrors<CodeField>();
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = readCodeForm(new FormData(event.currentTarget), code, t);
    setErrors(read.errors);
    if (Object.keys(read.errors).length > 0) return;
    const done = {
      onSuccess: ({ message }: { message: string }) => {
        toast.success(message || t('promotions.codes.saved'));
        onClose();
      },
      onError: (error: unknown) => setErrors(serverFieldErrors(error, CODE_FIELDS)),
    };
    if (code && 'update' in read && read.update) {
      if (Object.keys(read.update).length === 0) {
        onClose();
        return;
      }
      update.mutate({ id: code.id, update: read.update }, done);
    } else if ('create' in read && read.create) create.mutate(read.create, done);
  }

  const error = (field: CodeField) => errors[field];
  return (
    <FormDialog
      title={code ? t('promotions.codes.edit_title', { code: code.code }) : t('promotions.codes.create_title')}
      description={code ? t('promotions.codes.edit_description') : t('promotions.codes.create_description')}
      pending={pending}
      error={formError(failed, hasErrors)}
      submitLabel={code ? t('promotions.codes.form.save') : t('promotions.codes.form.create')}
      onSubmit={submit}
      onClose={onClose}
      testId="redeem-code-form"
    >
      {code ? (
        <p className="rounded-lg border border-white/5 bg-navy-900/60 px-3 py-2 text-sm text-slate-300">
          <span className="font-mono text-white">{code.code}</span> · {formatMoney(code.amount, language)} ·{' '}
          {t('promotions.codes.wagering', { multiple: code.wagering_multiple, amount: formatMoney(code.wagering, language) })}
        </p>
      ) : (
        <>
          <Field
            label={t('promotions.codes.form.code')}
            id={fieldId('code')}
            error={error('code')}
            hint={t('promotions.codes.form.code_hint')}
          >
            <input
              id={fieldId('code')}
              name="code"
              maxLength={32}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="characters"
              className="input font-mono uppercase"
              {...invalidProps(fieldId('code'), error('code'))}
            />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label={t('promotions.codes.form.amount')} id={fieldId('amount')} error={error('amount')}>
              <input
                id={fieldId('amount')}
                name="amount"
                inputMode="decimal"
                maxLength={20}
                className="input tabular-nums"
                {...invalidProps(fieldId('amount'), error('amount'))}
              />
            </Field>
            <Field label={t('promotions.edit.wagering_multiple')} id={fieldId('multiple')} error={error('wagering_multiple')}>
              <input
                id={fieldId('multiple')}
                name="wagering_multiple"
                inputMode="numeric"
                defaultValue={1}
                maxLength={3}
                className="input tabular-nums"
                {...invalidProps(fieldId('multiple'), error('wagering_multiple'))}
              />
            </Field>
          </div>
        </>
      )}
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('promotions.codes.form.max_uses')} id={fieldId('uses')} error={error('max_uses')}>
          <input
            id={fieldId('uses')}
            name="max_uses"
            inputMode="numeric"
            defaultValue={code?.max_uses ?? 100}
            maxLength={8}
            className="input tabular-nums"
            {...invalidProps(fieldId('uses'), error('max_uses'))}
          />
        </Field>
        <Field label={t('promotions.edit.min_vip_level')} id={fieldId('vip')} error={error('min_vip_level')}>
          <input
            id={fieldId('vip')}
            name="min_vip_level"
            inputMode="numeric"
            defaultValue={code?.min_vip_level ?? 0}
            maxLength={3}
            className="input tabular-nums"
            {...invalidProps(fieldId('vip'), error('min_vip_level'))}
          />
        </Field>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field
          label={t('promotions.edit.starts_at')}
          id={fieldId('starts')}
          error={error('starts_at')}
          hint={t('promotions.edit.open_hint')}
        >
          <input
            id={fieldId('starts')}
            name="starts_at"
            type="datetime-local"
            defaultValue={isoToLocalInput(code?.starts_at ?? null)}
            className="input tabular-nums"
            {...invalidProps(fieldId('starts'), error('starts_at'))}
          />
        </Field>
        <Field label={t('promotions.edit.ends_at')} id={fieldId('ends')} error={error('ends_at')} hint={t('promotions.edit.open_hint')}>
          <input
            id={fieldId('ends')}
            name="ends_at"
            type="datetime-local"
            defaultValue={isoToLocalInput(code?.ends_at ?? null)}
            className="input tabular-nums"
            {...invalidProps(fieldId('ends'), error('ends_at'))}
          />
        </Field>
      </div>
      <CheckField
        id={fieldId('enabled')}
        name="enabled"
        defaultChecked={code?.enabled ?? true}
        label={t('promotions.codes.form.enabled')}
        hint={t('promotions.codes.form.enabled_hint')}
        boxed
      />
    </FormDialog>
  );
}
