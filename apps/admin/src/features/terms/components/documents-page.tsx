import { LANGUAGES, type LanguageCode } from '@casino/shared/languages';
import { LanguageTabs } from '../../../components/language-tabs.tsx';
import { DOCUMENT_CONTENT_MAX, DOCUMENT_KINDS, DOCUMENT_TITLE_MAX, TERMS_NOTICE_DAYS } from '@casino/shared/schemas/terms';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { Badge, PageHeader } from '../../../components/feedback';
import { FormDialog } from '../../../components/form-dialog';
import { Field, invalidProps } from '../../../components/form-field';
import { PlusIcon } from '../../../components/icons';
import { QuerySection } from '../../../components/query-section';
import { toast } from '../../../components/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/use-language';
import {
  type AdminDocument,
  type DocumentKind,
  useDeleteDocument,
  useDocuments,
  usePublishDocument,
  useSaveDocument,
} from '../api/terms-admin';
import { MarkdownPreview } from './markdown-preview';

const STATE_TONES = { draft: 'slate', scheduled: 'blue', current: 'green', superseded: 'red' } as const;
const DAY_MS = 86_400_000;

/**
 * /legal-documents: the site's terms, privacy policy and responsible-gaming policy, one version per
 * row. A version is a draft until published with the date it takes effect; a change to a kind
 * already published takes effect at least 14 days later and is announced to players (notice bar,
 * information centre, e-mail). A published version never changes: a correction is a new version.
 */
export function DocumentsPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<DocumentKind>('terms');
  const documents = useDocuments(kind);
  const [editing, setEditing] = useState<AdminDocument | 'new' | null>(null);
  const [publishing, setPublishing] = useState<AdminDocument | null>(null);
  const [deleting, setDeleting] = useState<AdminDocument | null>(null);
  const latest = documents.data?.[0];
  const hasPublished = documents.data?.some((doc) => doc.status === 'published') ?? false;

  return (
    <>
      <PageHeader
        title={t('terms_admin.title')}
        subtitle={t('terms_admin.subtitle', { days: TERMS_NOTICE_DAYS })}
        actions={
          <button type="button" className="btn-primary" onClick={() => setEditing('new')} data-testid="document-new">
            <PlusIcon width={16} height={16} />
            {t('terms_admin.new')}
          </button>
        }
      />
      <div role="tablist" aria-label={t('terms_admin.kind')} className="mb-3 flex flex-wrap gap-1.5">
        {DOCUMENT_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={kind === k}
            onClick={() => setKind(k)}
            className={`h-8 rounded-full border px-3 text-xs font-medium transition ${
              kind === k ? 'border-gold-400/60 bg-gold-400/10 text-gold-300' : 'border-white/10 text-slate-400 hover:text-white'
            }`}
          >
            {t(`terms_admin.kinds.${k}`)}
          </button>
        ))}
      </div>
      <QuerySection query={documents} skeleton={{ columns: 6, rows: 3 }} empty={{ title: t('terms_admin.empty') }}>
        {(items) => <DocumentsTable items={items} onEdit={setEditing} onPublish={setPublishing} onDelete={setDeleting} />}
      </QuerySection>
      {editing ? (
        <DocumentDialog
          kind={kind}
          document={editing === 'new' ? null : editing}
          start={editing === 'new' ? latest : undefined}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {publishing ? <PublishDialog document={publishing} firstVersion={!hasPublished} onClose={() => setPublishing(null)} /> : null}
      <DeleteDialog document={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

type RowActions = {
  onEdit: (doc: AdminDocument) => void;
  onPublish: (doc: AdminDocument) => void;
  onDelete: (doc: AdminDocument) => void;
};

function DocumentsTable({ items, onEdit, onPublish, onDelete }: { items: AdminDocument[] } & RowActions) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <DataTable
      testId="documents-table"
      columns={[
        { label: t('terms_admin.columns.version'), numeric: true },
        { label: t('terms_admin.columns.title') },
        { label: t('terms_admin.columns.state') },
        { label: t('terms_admin.columns.effective') },
        { label: t('terms_admin.columns.acceptances'), numeric: true },
        { label: t('terms_admin.columns.actions'), srOnly: true },
      ]}
    >
      {items.map((doc) => (
        <tr key={doc.id} className="align-top transition-colors hover:bg-white/[0.025]">
          <td className="text-right tabular-nums text-slate-300">v{doc.version}</td>
          <td className="min-w-[220px] max-w-md">
            <p className="truncate font-medium text-white">{doc.titles.pt ?? Object.values(doc.titles)[0] ?? ''}</p>
            <p className="mt-1 text-[11px] tracking-wide text-slate-500 uppercase">{Object.keys(doc.contents).join(' · ')}</p>
          </td>
          <td>
            <Badge tone={STATE_TONES[doc.state]}>{t(`terms_admin.states.${doc.state}`)}</Badge>
          </td>
          <td className="whitespace-nowrap text-xs text-slate-400">
            {doc.effective_at ? formatDateTime(doc.effective_at, language) : '—'}
          </td>
          <td className="text-right tabular-nums text-slate-300">{formatNumber(doc.acceptances, language)}</td>
          <td className="whitespace-nowrap text-right">
            <button type="button" className="btn-ghost h-8 px-2.5" onClick={() => onEdit(doc)}>
              {doc.status === 'draft' ? t('terms_admin.edit') : t('terms_admin.view')}
            </button>
            {doc.status === 'draft' ? (
              <>
                <button type="button" className="btn-ghost h-8 px-2.5 text-gold-300" onClick={() => onPublish(doc)}>
                  {t('terms_admin.publish')}
                </button>
                <button type="button" className="btn-ghost h-8 px-2.5 text-rose-300" onClick={() => onDelete(doc)}>
                  {t('terms_admin.delete')}
                </button>
              </>
            ) : null}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

type Texts = Partial<Record<LanguageCode, string>>;

/** A draft's editor (a published version opens read-only): Markdown per language with its preview. */
function DocumentDialog({
  kind,
  document,
  start,
  onClose,
}: {
  kind: DocumentKind;
  document: AdminDocument | null;
  start: AdminDocument | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveDocument();
  const ids = { title: useId(), content: useId() };
  const readOnly = document !== null && document.status !== 'draft';
  const [language, setLanguage] = useState<LanguageCode>('pt');
  const [preview, setPreview] = useState(readOnly);
  const [titles, setTitles] = useState<Texts>(document?.titles ?? start?.titles ?? {});
  const [contents, setContents] = useState<Texts>(document?.contents ?? start?.contents ?? {});
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    if (readOnly) return onClose();
    const next: Record<string, string> = {};
    if (!titles.pt?.trim()) next['titles.pt'] = t('terms_admin.form.pt_required');
    if (!contents.pt?.trim()) next['contents.pt'] = t('terms_admin.form.pt_required');
    setErrors(next);
    if (Object.keys(next).length > 0) return setLanguage('pt');
    const trimmed = (texts: Texts) => Object.fromEntries(Object.entries(texts).map(([code, text]) => [code, (text ?? '').trim()]));
    save.mutate(
      { id: document?.id ?? null, body: { kind, titles: trimmed(titles), contents: trimmed(contents) } },
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
  const serverFailure =
    save.isError && (!isApiError(save.error) || Object.keys(save.error.fieldErrors).length === 0) ? errorMessage(save.error) : null;
  const languageName = LANGUAGES.find((l) => l.code === language)?.name ?? language;
  const titleError = errors[`titles.${language}`];
  const contentError = errors[`contents.${language}`];
  const heading = document
    ? t('terms_admin.edit_title', { kind: t(`terms_admin.kinds.${kind}`), version: document.version })
    : t('terms_admin.new_title', { kind: t(`terms_admin.kinds.${kind}`) });
  return (
    <FormDialog
      title={heading}
      description={readOnly ? t('terms_admin.form.read_only') : t('terms_admin.form.description')}
      pending={save.isPending}
      error={serverFailure}
      submitLabel={readOnly ? t('terms_admin.form.close') : t('terms_admin.form.save')}
      onSubmit={submit}
      onClose={onClose}
      testId="document-dialog"
    >
      <LanguageTabs value={language} onChange={setLanguage} label={t('terms_admin.form.languages')} filled={filled} hasError={hasError} />
      <p className="text-xs text-slate-500">{t('terms_admin.form.languages_hint')}</p>
      <Field label={t('terms_admin.form.title', { language: languageName })} id={ids.title} error={titleError}>
        <input
          id={ids.title}
          name="title"
          value={titles[language] ?? ''}
          readOnly={readOnly}
          onChange={(event) => setTitles((current) => ({ ...current, [language]: event.target.value }))}
          maxLength={DOCUMENT_TITLE_MAX}
          className="input"
          {...invalidProps(ids.title, titleError)}
        />
      </Field>
      <div className="flex gap-1">
        <button
          type="button"
          className={`btn-ghost h-7 px-2 text-xs ${preview ? '' : 'text-gold-300'}`}
          onClick={() => setPreview(false)}
          disabled={readOnly}
        >
          {t('terms_admin.form.write')}
        </button>
        <button type="button" className={`btn-ghost h-7 px-2 text-xs ${preview ? 'text-gold-300' : ''}`} onClick={() => setPreview(true)}>
          {t('terms_admin.form.preview')}
        </button>
      </div>
      {preview ? (
        <MarkdownPreview text={contents[language] ?? ''} />
      ) : (
        <Field label={t('terms_admin.form.content')} id={ids.content} error={contentError} hint={t('terms_admin.form.markdown_hint')}>
          <textarea
            id={ids.content}
            name="content"
            value={contents[language] ?? ''}
            onChange={(event) => setContents((current) => ({ ...current, [language]: event.target.value }))}
            rows={12}
            maxLength={DOCUMENT_CONTENT_MAX}
            className="input h-auto resize-y py-2 font-mono text-xs"
            {...invalidProps(ids.content, contentError)}
          />
        </Field>
      )}
    </FormDialog>
  );
}

/** An ISO instant as the value of a datetime-local input (the operator's own time zone). */
function toLocalInput(ms: number): string {
  const date = new Date(ms);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function PublishDialog({ document, firstVersion, onClose }: { document: AdminDocument; firstVersion: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const publish = usePublishDocument();
  const id = useId();
  // The earliest date allowed, plus an hour of margin for the time the operator takes.
  const [effective, setEffective] = useState(toLocalInput(firstVersion ? Date.now() : Date.now() + TERMS_NOTICE_DAYS * DAY_MS + 3_600_000));
  const fieldError = publish.isError && isApiError(publish.error) ? (publish.error.fieldErrors.effective_at?.[0] ?? undefined) : undefined;
  const failure = publish.isError && !fieldError ? errorMessage(publish.error) : null;
  function submit(event: FormEvent) {
    event.preventDefault();
    const date = new Date(effective);
    if (Number.isNaN(date.getTime())) return;
    publish.mutate(
      { id: document.id, effectiveAt: date.toISOString() },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          onClose();
        },
      },
    );
  }
  return (
    <FormDialog
      title={t('terms_admin.publish_title', { version: document.version })}
      description={firstVersion ? t('terms_admin.publish_first') : t('terms_admin.publish_change', { days: TERMS_NOTICE_DAYS })}
      pending={publish.isPending}
      error={failure}
      submitLabel={t('terms_admin.publish')}
      onSubmit={submit}
      onClose={onClose}
      testId="publish-dialog"
    >
      <Field label={t('terms_admin.effective_at')} id={id} error={fieldError}>
        <input
          id={id}
          name="effective_at"
          type="datetime-local"
          required
          value={effective}
          onChange={(event) => setEffective(event.target.value)}
          className="input"
          {...invalidProps(id, fieldError)}
        />
      </Field>
    </FormDialog>
  );
}

function DeleteDialog({ document, onClose }: { document: AdminDocument | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteDocument();
  return (
    <DeleteConfirmDialog
      id={document?.id ?? null}
      title={t('terms_admin.delete_title')}
      description={t('terms_admin.delete_text', { version: document?.version ?? '' })}
      confirmLabel={t('terms_admin.delete')}
      remove={remove}
      onClose={onClose}
    />
  );
}
