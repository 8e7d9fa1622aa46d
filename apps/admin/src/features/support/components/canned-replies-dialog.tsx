import { SUPPORT_CANNED_TITLE_MAX, SUPPORT_TEXT_MAX } from '@casino/shared/schemas/support';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback';
import { DialogError, Modal } from '../../../components/modal';
import { toast } from '../../../components/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { type CannedReply, useCannedReplies, useDeleteCanned, useSaveCanned } from '../api/support';

/** The canned replies: the list with edit and delete, and a form that adds or changes one (audited server-side). */
export function CannedRepliesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const canned = useCannedReplies();
  const save = useSaveCanned();
  const remove = useDeleteCanned();
  const [editing, setEditing] = useState<CannedReply | null>(null);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const edit = (reply: CannedReply | null) => {
    setEditing(reply);
    setTitle(reply?.title ?? '');
    setText(reply?.text ?? '');
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(
      { id: editing?.id ?? null, title, text },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          edit(null);
        },
        onError: (failure) => {
          const fields = isApiError(failure) ? failure.fieldErrors : {};
          setError(fields.title?.[0] ?? fields.text?.[0] ?? errorMessage(failure));
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('support_admin.canned.title')}
      description={t('support_admin.canned.description')}
      pending={save.isPending}
      onClose={onClose}
    >
      <div className="space-y-4">
        {canned.data && canned.data.length === 0 ? (
          <EmptyState title={t('support_admin.canned.empty')} />
        ) : (
          <ul
            className="max-h-56 divide-y divide-white/5 overflow-y-auto rounded-lg border border-white/5"
            data-testid="support-canned-list"
          >
            {canned.data?.map((reply) => (
              <li key={reply.id} className="flex items-start gap-2 px-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-white">{reply.title}</p>
                  <p className="line-clamp-2 text-xs text-slate-400">{reply.text}</p>
                </div>
                <button type="button" className="btn-ghost h-8 px-2 text-xs" onClick={() => edit(reply)}>
                  {t('support_admin.canned.edit')}
                </button>
                <button
                  type="button"
                  className="btn-ghost h-8 px-2 text-xs text-rose-300"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(t('support_admin.canned.delete_confirm', { title: reply.title }))) {
                      remove.mutate(reply.id, { onSuccess: (answer) => toast.success(answer.message) });
                    }
                  }}
                >
                  {t('support_admin.canned.delete')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={submit} className="space-y-3">
          <p className="text-sm font-semibold text-white">{editing ? t('support_admin.canned.editing') : t('support_admin.canned.new')}</p>
          <div>
            <label className="field-label" htmlFor="canned-title">
              {t('support_admin.canned.field_title')}
            </label>
            <input
              id="canned-title"
              className="input"
              value={title}
              maxLength={SUPPORT_CANNED_TITLE_MAX}
              onChange={(e) => setTitle(e.target.value)}
            />
          </div>
          <div>
            <label className="field-label" htmlFor="canned-text">
              {t('support_admin.canned.field_text')}
            </label>
            <textarea
              id="canned-text"
              className="input h-auto min-h-24 py-2"
              value={text}
              maxLength={SUPPORT_TEXT_MAX}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          <DialogError message={error} />
          <div className="flex justify-end gap-2">
            {editing ? (
              <button type="button" className="btn-ghost" onClick={() => edit(null)}>
                {t('support_admin.canned.cancel_edit')}
              </button>
            ) : null}
            <button type="button" className="btn-secondary" onClick={onClose} disabled={save.isPending}>
              {t('support_admin.canned.close')}
            </button>
            <button type="submit" className="btn-primary" disabled={save.isPending || !title.trim() || !text.trim()}>
              {t('support_admin.canned.save')}
            </button>
          </div>
        </form>
      </div>
    </Modal>
  );
}
