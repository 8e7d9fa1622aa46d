import { formatCpf } from '@casino/shared/pix/cpf';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CardList, DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/feedback';
import { FilterBar } from '../../../components/filter-bar';
import { FormDialog } from '../../../components/form-dialog';
import { Field, invalidProps, SearchInput } from '../../../components/form-field';
import { CloseIcon, PlusIcon } from '../../../components/icons';
import { PagedSection } from '../../../components/query-section';
import { toast } from '../../../components/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { formError, hasServerFieldErrors, serverFieldErrors } from '../../../lib/use-field-errors';
import { useLanguage } from '../../../lib/use-language';
import { pageParam, useUrlFilters } from '../../../lib/use-url-filters';
import { type CpfRegistryEntry, REGISTRY_PAGE_SIZE, useAddRegistryEntry, useCpfRegistry, useRemoveRegistryEntry } from '../api/kyc';

const SEARCH_DEBOUNCE_MS = 350;

/**
 * The sandbox CPF registry (docs/IDENTITY.md): the names and birth dates the sandbox identity check
 * and registration compare members with. A real bureau replaces it in production.
 */
export function CpfRegistryPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { params, update } = useUrlFilters<'q'>();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const debounced = useDebouncedValue(draft, SEARCH_DEBOUNCE_MS);
  const searchId = useId();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<CpfRegistryEntry | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives this effect
  useEffect(() => {
    if (debounced.trim() !== q) update({ q: debounced.trim(), page: 1 });
  }, [debounced]);

  const entries = useCpfRegistry({ q, page: pageParam(params) });

  function submit(event: FormEvent) {
    event.preventDefault();
    update({ q: draft.trim(), page: 1 });
  }

  const removeButton = (entry: CpfRegistryEntry) => (
    <button
      type="button"
      className="btn-secondary h-8 px-2.5"
      onClick={() => setRemoving(entry)}
      aria-label={t('cpf_registry.remove_label', { cpf: formatCpf(entry.cpf) })}
    >
      <CloseIcon width={15} height={15} className="text-rose-400" />
      {t('cpf_registry.remove')}
    </button>
  );

  return (
    <>
      <PageHeader
        title={t('cpf_registry.title')}
        subtitle={t('cpf_registry.subtitle')}
        actions={
          <button type="button" className="btn-primary" onClick={() => setAdding(true)}>
            <PlusIcon width={16} height={16} />
            {t('cpf_registry.add')}
          </button>
        }
      />
      <FilterBar onSubmit={submit} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-end">
        <Field label={t('cpf_registry.search_label')} id={searchId} className="flex-1">
          <SearchInput
            id={searchId}
            name="q"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t('cpf_registry.search_placeholder')}
          />
        </Field>
      </FilterBar>
      <PagedSection
        query={entries}
        skeleton={{ columns: 4 }}
        empty={{ title: t('cpf_registry.empty'), hint: t('cpf_registry.empty_hint') }}
        pageSize={REGISTRY_PAGE_SIZE}
        onPageChange={(page) => update({ page })}
      >
        {(rows) => (
          <>
            <DataTable
              testId="cpf-registry-table"
              collapse="md"
              columns={[
                { label: t('cpf_registry.cpf') },
                { label: t('cpf_registry.full_name') },
                { label: t('cpf_registry.birth_date') },
                { label: t('cpf_registry.added') },
                { label: '', numeric: true },
              ]}
            >
              {rows.map((entry) => (
                <tr key={entry.cpf} data-cpf={entry.cpf}>
                  <td className="whitespace-nowrap font-mono text-[13px] tabular-nums">{formatCpf(entry.cpf)}</td>
                  <td className="text-slate-100">{entry.full_name}</td>
                  <td className="whitespace-nowrap tabular-nums">{entry.birth_date}</td>
                  <td className="text-slate-400">{formatDateTime(entry.created_at, language)}</td>
                  <td className="text-right">{removeButton(entry)}</td>
                </tr>
              ))}
            </DataTable>
            <CardList collapse="md" testId="cpf-registry-cards">
              {rows.map((entry) => (
                <li key={entry.cpf} className="flex items-center justify-between gap-3 px-3 py-3">
                  <div className="min-w-0">
                    <p className="font-mono text-[13px]">{formatCpf(entry.cpf)}</p>
                    <p className="truncate text-sm text-slate-100">{entry.full_name}</p>
                    <p className="text-xs text-slate-400">{entry.birth_date}</p>
                  </div>
                  {removeButton(entry)}
                </li>
              ))}
            </CardList>
          </>
        )}
      </PagedSection>
      {adding && <AddDialog onClose={() => setAdding(false)} />}
      {removing && <RemoveDialog entry={removing} onClose={() => setRemoving(null)} />}
    </>
  );
}

type AddField = 'cpf' | 'full_name' | 'birth_date';
const ADD_FIELDS: readonly AddField[] = ['cpf', 'full_name', 'birth_date'];

function AddDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddRegistryEntry();
  const ids = { cpf: useId(), full_name: useId(), birth_date: useId() };
  const [values, setValues] = useState({ cpf: '', full_name: '', birth_date: '' });
  const errors = serverFieldErrors(add.error, ADD_FIELDS);

  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate(values, {
      onSuccess: ({ message }) => {
        toast.success(message || t('cpf_registry.added_toast'));
        onClose();
      },
    });
  }

  const input = (field: AddField, type = 'text') => (
    <Field label={t(`cpf_registry.${field}`)} id={ids[field]} error={errors[field]}>
      <input
        id={ids[field]}
        name={field}
        type={type}
        className="input"
        value={values[field]}
        onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
        {...invalidProps(ids[field], errors[field])}
      />
    </Field>
  );

  return (
    <FormDialog
      title={t('cpf_registry.add_title')}
      description={t('cpf_registry.add_description')}
      pending={add.isPending}
      error={formError(add, hasServerFieldErrors(add.error))}
      submitLabel={t('cpf_registry.add')}
      onSubmit={submit}
      onClose={onClose}
      testId="cpf-registry-add"
    >
      {input('cpf')}
      {input('full_name')}
      {input('birth_date', 'date')}
    </FormDialog>
  );
}

function RemoveDialog({ entry, onClose }: { entry: CpfRegistryEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useRemoveRegistryEntry();
  return (
    <ConfirmDialog
      open
      title={t('cpf_registry.remove_title')}
      description={<p>{t('cpf_registry.remove_description', { cpf: formatCpf(entry.cpf), name: entry.full_name })}</p>}
      confirmLabel={t('cpf_registry.remove')}
      tone="danger"
      pending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      onConfirm={() =>
        remove.mutate(entry.cpf, {
          onSuccess: ({ message }) => {
            toast.success(message || t('cpf_registry.removed_toast'));
            onClose();
          },
        })
      }
      onClose={() => {
        if (!remove.isPending) onClose();
      }}
    />
  );
}
