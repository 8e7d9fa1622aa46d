import { LANGUAGES, type LanguageCode } from '@casino/shared/languages';
import { LanguageTabs } from '../../../components/language-tabs.tsx';
import { ANNOUNCEMENT_CONTENT_MAX, ANNOUNCEMENT_STATES, ANNOUNCEMENT_TITLE_MAX } from '@casino/shared/schemas/info-center-admin';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { Badge, PageHeader } from '../../../components/feedback';
import { FormDialog } from '../../../components/form-dialog';
import { CheckField, CheckGroup, Field, invalidProps } from '../../../components/form-field';
import { EditIcon, PlusIcon } from '../../../components/icons';
import { PagedSection } from '../../../components/query-section';
import { toast } from '../../../components/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import {
  type AdminAnnouncement,
  type AnnouncementFilters,
  type AnnouncementState,
  INFO_PAGE_SIZE,
  useAnnouncements,
  useDeleteAnnouncement,
  useSaveAnnouncement,
} from '../api/info-center-admin';

const STATE_TONES: Record<AnnouncementState, 'green' | 'blue' | 'slate' | 'red'> = {
  live: 'green',
  scheduled: 'blue',
  ended: 'slate',
  disabled: 'red',
};

/** /announcements: the site's announcements with their state for players, and their editor. */
export function AnnouncementsPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AnnouncementFilters>({ state: '', page: 1 });
  const announcements = useAnnouncements(filters);
  const [editing, setEditing] = useState<AdminAnnouncement | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminAnnouncement | null>(null);

  return (
    <>
      <PageHeader
        title={t('info_announcements.title')}
        subtitle={t('info_announcements.subtitle')}
        actions={
          <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
            <PlusIcon width={16} height={16} />
            {t('info_announcements.new')}
          </button>
        }
      />
      <div role="tablist" aria-label={t('info_announcements.filter')} className="mb-3 flex flex-wrap gap-1.5">
        {(['', ...ANNOUNCEMENT_STATES] as const).map((state) => (
          <button
            key={state || 'all'}
            type="button"
            role="tab"
            aria-selected={filters.state === state}
            onClick={() => setFilters({ state, page: 1 })}
            className={`h-8 rounded-full border px-3 text-xs font-medium transition ${
              filters.state === state
                ? 'border-gold-400/60 bg-gold-400/10 text-gold-300'
                : 'border-white/10 text-slate-400 hover:text-white'
            }`}
          >
            {state ? t(`info_announcements.states.${state}`) : t('info_announcements.all_states')}
          </button>
        ))}
      </div>
      <PagedSection
        query={announcements}
        skeleton={{ columns: 6, rows: 4 }}
        empty={{ title: t('info_announcements.empty') }}
        page={filters.page}
        pageSize={INFO_PAGE_SIZE}
        onPageChange={(page) => setFilters((current) => ({ ...current, page }))}
      >
        {(items) => <AnnouncementsTable items={items} onEdit={setEditing} onDelete={setDeleting} />}
      </PagedSection>
      {editing ? <AnnouncementDialog announcement={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <DeleteDialog announcement={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

type RowActions = { onEdit: (item: AdminAnnouncement) => void; onDelete: (item: AdminAnnouncement) => void };

function AnnouncementsTable({ items, onEdit, onDelete }: { items: AdminAnnouncement[] } & RowActions) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <DataTable
      testId="announcements-table"
      columns={[
        { label: t('info_announcements.columns.title') },
        { label: t('info_announcements.columns.state') },
        { label: t('info_announcements.columns.period') },
        { label: t('info_announcements.columns.reads'), numeric: true },
        { label: t('info_announcements.columns.updated') },
        { label: t('info_announcements.columns.actions'), srOnly: true },
      ]}
    >
      {items.map((item) => (
        <tr key={item.id} className="align-top transition-colors hover:bg-white/[0.025]">
          <td className="min-w-[220px] max-w-md">
            <p className="flex items-center gap-1.5 font-medium text-white">
              {item.pinned ? <Badge tone="gold">{t('info_announcements.pinned')}</Badge> : null}
              <span className="truncate">{item.titles.pt ?? Object.values(item.titles)[0] ?? ''}</span>
            </p>
            <p className="mt-1 text-[11px] tracking-wide text-slate-500 uppercase">{Object.keys(item.titles).join(' · ')}</p>
          </td>
          <td>
            <Badge tone={STATE_TONES[item.state]}>{t(`info_announcements.states.${item.state}`)}</Badge>
          </td>
          <td className="whitespace-nowrap text-xs text-slate-400">
            <p>
              {item.starts_at
                ? t('info_announcements.from', { date: formatDateTime(item.starts_at, language) })
                : t('info_announcements.no_start')}
            </p>
            <p>
              {item.ends_at
                ? t('info_announcements.until', { date: formatDateTime(item.ends_at, language) })
                : t('info_announcements.no_end')}
            </p>
          </td>
          <td className="text-right tabular-nums text-slate-300">{formatNumber(item.reads, language)}</td>
          <td className="whitespace-nowrap text-xs text-slate-400">
            {formatDateTime(item.updated_at, language)}
            {item.operator_username ? <p className="text-slate-500">{item.operator_username}</p> : null}
          </td>
          <td className="whitespace-nowrap text-right">
            <button type="button" className="btn-ghost h-8 px-2.5" onClick={() => onEdit(item)}>
              <EditIcon width={15} height={15} />
              {t('info_announcements.edit')}
            </button>
            <button type="button" className="btn-ghost h-8 px-2.5 text-rose-300" onClick={() => onDelete(item)}>
              {t('info_announcements.delete')}
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** An ISO instant as the value of a datetime-local input (the operator's own time zone). */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A datetime-local value back to an ISO instant; empty means no bound. */
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

type Texts = Partial<Record<LanguageCode, string>>;

function AnnouncementDialog({ announcement, onClose }: { announcement: AdminAnnouncement | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveAnnouncement();
  const ids = { title: useId(), content: useId(), starts: useId(), ends: useId(), pinned: useId(), enabled: useId() };
  const [language, setLanguage] = useState<LanguageCode>('pt');
  const [titles, setTitles] = useState<Texts>(announcement?.titles ?? {});
  const [contents, setContents] = useState<Texts>(announcement?.contents ?? {});
  const [pinned, setPinned] = useState(announcement?.pinned ?? false);
  const [enabled, setEnabled] = useState(announcement?.enabled ?? true);
  const [startsAt, setStartsAt] = useState(toLocalInput(announcement?.starts_at ?? null));
  const [endsAt, setEndsAt] = useState(toLocalInput(announcement?.ends_at ?? null));
  const [errors, setErrors] = useState<Record<string, string>>({});

  function validate(): Record<string, string> {
    const next: Record<string, string> = {};
    if (!titles.pt?.trim()) next['titles.pt'] = t('info_announcements.form.pt_required');
    if (!contents.pt?.trim()) next['contents.pt'] = t('info_announcements.form.pt_required');
    const starts = fromLocalInput(startsAt);
    const ends = fromLocalInput(endsAt);
    if (starts && ends && Date.parse(ends) <= Date.parse(starts)) next.ends_at = t('info_announcements.form.ends_before_starts');
    return next;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = validate();
    setErrors(next);
    if (Object.keys(next).length > 0) {
      if (next['titles.pt'] || next['contents.pt']) setLanguage('pt');
      return;
    }
    const trimmed = (texts: Texts) => Object.fromEntries(Object.entries(texts).map(([code, text]) => [code, (text ?? '').trim()]));
    save.mutate(
      {
        id: announcement?.id ?? null,
        body: {
          titles: trimmed(titles),
          contents: trimmed(contents),
          pinned,
          enabled,
          starts_at: fromLocalInput(startsAt),
          ends_at: fromLocalInput(endsAt),
        },
      },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          onClose();
        },
        onError: (error) => {
          if (isApiError(error))
            setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0] ?? ''])));
        },
      },
    );
  }

  const filled = (code: LanguageCode) => Boolean(titles[code]?.trim() || contents[code]?.trim());
  const hasError = (code: LanguageCode) => Boolean(errors[`titles.${code}`] || errors[`contents.${code}`]);
  const otherErrors = Object.entries(errors).filter(
    ([field]) => !field.startsWith('titles.') && !field.startsWith('contents.') && field !== 'ends_at',
  );
  const serverFailure =
    save.isError && (!isApiError(save.error) || Object.keys(save.error.fieldErrors).length === 0) ? errorMessage(save.error) : null;

  const languageName = LANGUAGES.find((l) => l.code === language)?.name ?? language;
  const titleError = errors[`titles.${language}`];
  const contentError = errors[`contents.${language}`];
  return (
    <FormDialog
      title={announcement ? t('info_announcements.edit_title') : t('info_announcements.new_title')}
      description={t('info_announcements.form.description')}
      pending={save.isPending}
      error={serverFailure ?? (otherErrors.length > 0 ? otherErrors.map(([, message]) => message).join(' ') : null)}
      submitLabel={t('info_announcements.form.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <LanguageTabs
        value={language}
        onChange={setLanguage}
        label={t('info_announcements.form.languages')}
        filled={filled}
        hasError={hasError}
      />
      <p className="text-xs text-slate-500">{t('info_announcements.form.languages_hint')}</p>
      <Field label={t('info_announcements.form.title', { language: languageName })} id={ids.title} error={titleError}>
        <input
          id={ids.title}
          value={titles[language] ?? ''}
          onChange={(event) => setTitles((current) => ({ ...current, [language]: event.target.value }))}
          maxLength={ANNOUNCEMENT_TITLE_MAX}
          className="input"
          {...invalidProps(ids.title, titleError)}
        />
      </Field>
      <Field
        label={t('info_announcements.form.content')}
        id={ids.content}
        error={contentError}
        hint={t('info_announcements.form.plain_text')}
      >
        <textarea
          id={ids.content}
          value={contents[language] ?? ''}
          onChange={(event) => setContents((current) => ({ ...current, [language]: event.target.value }))}
          rows={6}
          maxLength={ANNOUNCEMENT_CONTENT_MAX}
          className="input h-auto resize-y py-2"
          {...invalidProps(ids.content, contentError)}
        />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('info_announcements.form.starts_at')} id={ids.starts}>
          <input id={ids.starts} type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} className="input" />
        </Field>
        <Field label={t('info_announcements.form.ends_at')} id={ids.ends} error={errors.ends_at}>
          <input
            id={ids.ends}
            type="datetime-local"
            value={endsAt}
            onChange={(e) => setEndsAt(e.target.value)}
            className="input"
            {...invalidProps(ids.ends, errors.ends_at)}
          />
        </Field>
      </div>
      <p className="-mt-1.5 text-xs text-slate-500">{t('info_announcements.form.dates_hint')}</p>
      <CheckGroup>
        <CheckField
          id={ids.pinned}
          checked={pinned}
          onChange={(e) => setPinned(e.target.checked)}
          label={t('info_announcements.form.pinned')}
          hint={t('info_announcements.form.pinned_hint')}
        />
        <CheckField
          id={ids.enabled}
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          label={t('info_announcements.form.enabled')}
          hint={t('info_announcements.form.enabled_hint')}
          divided
        />
      </CheckGroup>
    </FormDialog>
  );
}

function DeleteDialog({ announcement, onClose }: { announcement: AdminAnnouncement | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteAnnouncement();
  return (
    <DeleteConfirmDialog
      id={announcement?.id ?? null}
      title={t('info_announcements.delete_title')}
      description={t('info_announcements.delete_text', { title: announcement?.titles.pt ?? '' })}
      confirmLabel={t('info_announcements.delete')}
      remove={remove}
      onClose={onClose}
    />
  );
}
