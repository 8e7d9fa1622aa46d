import { LANGUAGES, type LanguageCode } from '@casino/shared/languages';
import { LanguageTabs } from '../../../components/language-tabs.tsx';
import { DOCUMENT_TITLE_MAX, POPUP_AUDIENCES, type PopupAudience } from '@casino/shared/schemas/terms';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { Badge, PageHeader } from '../../../components/feedback';
import { FormDialog } from '../../../components/form-dialog';
import { CheckField, CheckGroup, Field, invalidProps, SelectField } from '../../../components/form-field';
import { EditIcon, PlusIcon } from '../../../components/icons';
import { QuerySection } from '../../../components/query-section';
import { toast } from '../../../components/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import { type AdminPopup, useDeletePopup, usePopupList, useSavePopup } from '../api/terms-admin';

/**
 * /popups: the reminder popups players see on entering the site (spec: "the reminder popup has an
 * off flag (default false). The modal flag is open by default."). Each has texts per language, an
 * image, a link, an audience, dates and an active switch; the table counts the members who chose
 * "don't remind me".
 */
export function PopupsPage() {
  const { t } = useTranslation();
  const popups = usePopupList();
  const [editing, setEditing] = useState<AdminPopup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminPopup | null>(null);
  return (
    <>
      <PageHeader
        title={t('popups_admin.title')}
        subtitle={t('popups_admin.subtitle')}
        actions={
          <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
            <PlusIcon width={16} height={16} />
            {t('popups_admin.new')}
          </button>
        }
      />
      <QuerySection query={popups} skeleton={{ columns: 6, rows: 3 }} empty={{ title: t('popups_admin.empty') }}>
        {(items) => <PopupsTable items={items} onEdit={setEditing} onDelete={setDeleting} />}
      </QuerySection>
      {editing ? <PopupDialog popup={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <DeleteDialog popup={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function PopupsTable({
  items,
  onEdit,
  onDelete,
}: {
  items: AdminPopup[];
  onEdit: (popup: AdminPopup) => void;
  onDelete: (popup: AdminPopup) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <DataTable
      testId="popups-table"
      columns={[
        { label: t('popups_admin.columns.title') },
        { label: t('popups_admin.columns.audience') },
        { label: t('popups_admin.columns.state') },
        { label: t('popups_admin.columns.period') },
        { label: t('popups_admin.columns.offs'), numeric: true },
        { label: t('popups_admin.columns.actions'), srOnly: true },
      ]}
    >
      {items.map((popup) => (
        <tr key={popup.id} className="align-top transition-colors hover:bg-white/[0.025]">
          <td className="min-w-[200px] max-w-md">
            <p className="truncate font-medium text-white">{popup.titles.pt ?? Object.values(popup.titles)[0] ?? ''}</p>
            <p className="mt-1 text-[11px] text-slate-500">{popup.modal ? t('popups_admin.modal') : t('popups_admin.corner')}</p>
          </td>
          <td className="text-xs text-slate-300">
            {t(`popups_admin.audiences.${popup.audience}`)}
            {popup.audience === 'vip' ? ` ≥ ${popup.vip_min_level ?? 0}` : ''}
          </td>
          <td>
            <Badge tone={popup.active ? 'green' : 'slate'}>{popup.active ? t('popups_admin.active') : t('popups_admin.inactive')}</Badge>
          </td>
          <td className="whitespace-nowrap text-xs text-slate-400">
            <p>
              {popup.starts_at ? t('popups_admin.from', { date: formatDateTime(popup.starts_at, language) }) : t('popups_admin.no_start')}
            </p>
            <p>{popup.ends_at ? t('popups_admin.until', { date: formatDateTime(popup.ends_at, language) }) : t('popups_admin.no_end')}</p>
          </td>
          <td className="text-right tabular-nums text-slate-300">{formatNumber(popup.offs, language)}</td>
          <td className="whitespace-nowrap text-right">
            <button type="button" className="btn-ghost h-8 px-2.5" onClick={() => onEdit(popup)}>
              <EditIcon width={15} height={15} />
              {t('popups_admin.edit')}
            </button>
            <button type="button" className="btn-ghost h-8 px-2.5 text-rose-300" onClick={() => onDelete(popup)}>
              {t('popups_admin.delete')}
            </button>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

type Texts = Partial<Record<LanguageCode, string>>;

function PopupDialog({ popup, onClose }: { popup: AdminPopup | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePopup();
  const ids = {
    title: useId(),
    text: useId(),
    image: useId(),
    link: useId(),
    audience: useId(),
    vip: useId(),
    sort: useId(),
    starts: useId(),
    ends: useId(),
    modal: useId(),
    active: useId(),
  };
  const [language, setLanguage] = useState<LanguageCode>('pt');
  const [titles, setTitles] = useState<Texts>(popup?.titles ?? {});
  const [texts, setTexts] = useState<Texts>(popup?.texts ?? {});
  const [imageUrl, setImageUrl] = useState(popup?.image_url ?? '');
  const [linkUrl, setLinkUrl] = useState(popup?.link_url ?? '');
  const [audience, setAudience] = useState<PopupAudience>(popup?.audience ?? 'all');
  const [vipMin, setVipMin] = useState(String(popup?.vip_min_level ?? 1));
  const [sort, setSort] = useState(String(popup?.sort ?? 0));
  const [modal, setModal] = useState(popup?.modal ?? true);
  const [active, setActive] = useState(popup?.active ?? true);
  const [startsAt, setStartsAt] = useState(toLocalInput(popup?.starts_at ?? null));
  const [endsAt, setEndsAt] = useState(toLocalInput(popup?.ends_at ?? null));
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!titles.pt?.trim()) {
      setErrors({ 'titles.pt': t('popups_admin.form.pt_required') });
      return setLanguage('pt');
    }
    const trimmed = (values: Texts) => Object.fromEntries(Object.entries(values).map(([code, text]) => [code, (text ?? '').trim()]));
    save.mutate(
      {
        id: popup?.id ?? null,
        body: {
          titles: trimmed(titles),
          texts: trimmed(texts),
          image_url: imageUrl.trim(),
          link_url: linkUrl.trim(),
          audience,
          vip_min_level: audience === 'vip' ? Number(vipMin) || 0 : null,
          modal,
          active,
          sort: Number(sort) || 0,
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

  const serverFailure =
    save.isError && (!isApiError(save.error) || Object.keys(save.error.fieldErrors).length === 0) ? errorMessage(save.error) : null;
  const languageName = LANGUAGES.find((l) => l.code === language)?.name ?? language;
  const titleError = errors[`titles.${language}`];
  return (
    <FormDialog
      title={popup ? t('popups_admin.edit_title') : t('popups_admin.new_title')}
      description={t('popups_admin.form.description')}
      pending={save.isPending}
      error={serverFailure}
      submitLabel={t('popups_admin.form.save')}
      onSubmit={submit}
      onClose={onClose}
      testId="popup-dialog"
    >
      <LanguageTabs
        value={language}
        onChange={setLanguage}
        label={t('popups_admin.form.languages')}
        filled={(code) => Boolean(titles[code]?.trim())}
        hasError={(code) => Boolean(errors[`titles.${code}`])}
      />
      <Field label={t('popups_admin.form.title', { language: languageName })} id={ids.title} error={titleError}>
        <input
          id={ids.title}
          name="title"
          value={titles[language] ?? ''}
          onChange={(event) => setTitles((current) => ({ ...current, [language]: event.target.value }))}
          maxLength={DOCUMENT_TITLE_MAX}
          className="input"
          {...invalidProps(ids.title, titleError)}
        />
      </Field>
      <Field label={t('popups_admin.form.text')} id={ids.text} hint={t('popups_admin.form.plain_text')}>
        <textarea
          id={ids.text}
          name="text"
          value={texts[language] ?? ''}
          onChange={(event) => setTexts((current) => ({ ...current, [language]: event.target.value }))}
          rows={4}
          maxLength={2000}
          className="input h-auto resize-y py-2"
        />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('popups_admin.form.image_url')} id={ids.image} error={errors.image_url} hint={t('popups_admin.form.url_hint')}>
          <input
            id={ids.image}
            name="image_url"
            value={imageUrl}
            onChange={(e) => setImageUrl(e.target.value)}
            className="input"
            {...invalidProps(ids.image, errors.image_url)}
          />
        </Field>
        <Field label={t('popups_admin.form.link_url')} id={ids.link} error={errors.link_url} hint={t('popups_admin.form.url_hint')}>
          <input
            id={ids.link}
            name="link_url"
            value={linkUrl}
            onChange={(e) => setLinkUrl(e.target.value)}
            className="input"
            {...invalidProps(ids.link, errors.link_url)}
          />
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          id={ids.audience}
          label={t('popups_admin.form.audience')}
          value={audience}
          onChange={(v) => setAudience(v as PopupAudience)}
        >
          {POPUP_AUDIENCES.map((a) => (
            <option key={a} value={a}>
              {t(`popups_admin.audiences.${a}`)}
            </option>
          ))}
        </SelectField>
        {audience === 'vip' ? (
          <Field label={t('popups_admin.form.vip_min_level')} id={ids.vip}>
            <input
              id={ids.vip}
              type="number"
              min={0}
              max={100}
              value={vipMin}
              onChange={(e) => setVipMin(e.target.value)}
              className="input"
            />
          </Field>
        ) : null}
        <Field label={t('popups_admin.form.sort')} id={ids.sort}>
          <input id={ids.sort} type="number" min={0} max={10000} value={sort} onChange={(e) => setSort(e.target.value)} className="input" />
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('popups_admin.form.starts_at')} id={ids.starts}>
          <input id={ids.starts} type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} className="input" />
        </Field>
        <Field label={t('popups_admin.form.ends_at')} id={ids.ends} error={errors.ends_at}>
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
      <CheckGroup>
        <CheckField
          id={ids.modal}
          checked={modal}
          onChange={(e) => setModal(e.target.checked)}
          label={t('popups_admin.form.modal')}
          hint={t('popups_admin.form.modal_hint')}
        />
        <CheckField
          id={ids.active}
          checked={active}
          onChange={(e) => setActive(e.target.checked)}
          label={t('popups_admin.form.active')}
          hint={t('popups_admin.form.active_hint')}
          divided
        />
      </CheckGroup>
    </FormDialog>
  );
}

function DeleteDialog({ popup, onClose }: { popup: AdminPopup | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeletePopup();
  return (
    <DeleteConfirmDialog
      id={popup?.id ?? null}
      title={t('popups_admin.delete_title')}
      description={t('popups_admin.delete_text', { title: popup?.titles.pt ?? '' })}
      confirmLabel={t('popups_admin.delete')}
      remove={remove}
      onClose={onClose}
    />
  );
}
