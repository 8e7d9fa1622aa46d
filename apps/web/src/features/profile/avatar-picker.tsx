import { useState } from 'react';
import { useTranslation } from '../../lib/translation.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { Modal } from '../../components/modal.tsx';
import { LoadingBlock, Spinner } from '../../components/spinner.tsx';
import { errorMessage, isSessionError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { refreshUser } from '../../lib/user.ts';
import { type AvatarItem, setProfilePicture, useProfilePictures } from './profile.api.ts';

type Group = 'males' | 'females';

/** A grid of the avatars from GET /api/profilepictures, in two groups. */
export function AvatarPicker({ current, onClose }: { current: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const pictures = useProfilePictures(true);
  const [group, setGroup] = useState<Group>('males');
  const [saving, setSaving] = useState<string | null>(null);

  const choose = async (avatar: AvatarItem) => {
    setSaving(avatar.id);
    try {
      const answer = await setProfilePicture(avatar.id);
      await refreshUser();
      toast.success(answer.message || t('profile.avatar_saved'));
      onClose();
    } catch (error) {
      if (!isSessionError(error)) toast.error(errorMessage(error));
    } finally {
      setSaving(null);
    }
  };

  const list = pictures.data?.[group] ?? [];
  return (
    <Modal title={t('profile.avatar_title')} onClose={onClose}>
      <div role="tablist" className="mb-4 grid grid-cols-2 gap-1 rounded-xl bg-ink/70 p-1">
        {(['males', 'females'] as const).map((g) => (
          <button
            key={g}
            type="button"
            role="tab"
            aria-selected={group === g}
            onClick={() => setGroup(g)}
            className={`h-10 rounded-lg text-sm font-semibold ${group === g ? 'bg-surface-2 text-gold' : 'text-muted'}`}
          >
            {t(`profile.${g}`)}
          </button>
        ))}
      </div>
      {pictures.isPending ? (
        <LoadingBlock label={t('common.loading')} />
      ) : pictures.isError ? (
        <EmptyState text={t('common.load_fail')} />
      ) : list.length === 0 ? (
        <EmptyState text={t('empty.no_data')} />
      ) : (
        <ul className="grid grid-cols-4 gap-3 pb-2">
          {list.map((avatar) => {
            const selected = current === avatar.url || current === avatar.id;
            return (
              <li key={avatar.id}>
                <button
                  type="button"
                  onClick={() => void choose(avatar)}
                  disabled={saving !== null}
                  aria-pressed={selected}
                  aria-label={`${t('profile.choose_avatar')} ${avatar.id}`}
                  className={`relative block aspect-square w-full overflow-hidden rounded-full ring-2 transition ${
                    selected ? 'ring-gold' : 'ring-transparent hover:ring-gold/50'
                  }`}
                >
                  <img src={avatar.url} alt="" loading="lazy" className="h-full w-full bg-surface-2 object-cover" />
                  {saving === avatar.id ? (
                    <span className="absolute inset-0 flex items-center justify-center bg-black/50 text-gold">
                      <Spinner size={18} />
                    </span>
                  ) : selected ? (
                    <span className="absolute right-0 bottom-0 flex size-5 items-center justify-center rounded-full bg-gold text-ink">
                      <CheckIcon size={12} />
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
