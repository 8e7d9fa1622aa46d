import type { PopupItem } from '@casino/shared/schemas/terms';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../components/button.tsx';
import { CloseIcon } from '../../components/icons.tsx';
import { Modal } from '../../components/modal.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useTermsGate } from '../../lib/dialogs.ts';
import { formatDateTime } from '../../lib/format.ts';
import { loadCommunityNamespace } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/translation.ts';
import { turnPopupOff, useAcceptTerms, useCurrentDocument, usePendingDocuments, usePopups, useTermsStatus } from './terms.api.ts';

await loadCommunityNamespace();

// The Markdown renderer downloads only when a member has terms to accept.
const DocumentText = lazy(() => import('./markdown.tsx').then((m) => ({ default: m.DocumentText })));

/**
 * What the shell shows on entering the site (issue 15 items 4 and 5), loaded after the page:
 * - the update notice of a terms version announced and not yet in force (a bar, dismissible);
 * - the acceptance dialog when terms in force wait for the member (at each entry and login, and
 *   again whenever a bet is refused with TERMS_NOT_ACCEPTED);
 * - the site's reminder popups: each shown once per visit (sessionStorage), never again after
 *   "don't remind me" (the member's off flag on the server, a visitor's in localStorage). The spec's
 *   modal flag is open by default: a popup opens as a dialog unless the operator unticked it, then
 *   it is a card in the corner.
 */

const SEEN_KEY = 'popups.seen';
const OFF_KEY = 'popups.off';
const NOTICE_KEY = 'terms.notice.dismissed';

function readIds(storage: Storage, key: string): string[] {
  try {
    const value = JSON.parse(storage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

function addId(storage: Storage, key: string, id: string): void {
  try {
    storage.setItem(key, JSON.stringify([...new Set([...readIds(storage, key), id])].slice(-100)));
  } catch {
    // A full or blocked storage only means the popup may show again.
  }
}

export default function TermsShell() {
  const { token } = useSession();
  const gate = useTermsGate();
  const status = useTermsStatus(token, gate);
  const [dismissedGate, setDismissedGate] = useState<string | null>(null);
  const gateKey = `${token}:${gate}`;
  const mustAccept = token !== null && status.data?.must_accept === true && dismissedGate !== gateKey;
  return (
    <>
      <UpdateNotice />
      {mustAccept && status.data?.current_version ? (
        <TermsGateDialog version={status.data.current_version} onClose={() => setDismissedGate(gateKey)} />
      ) : (
        <Popups token={token} />
      )}
    </>
  );
}

/** The notice of an announced version, until the member dismisses it or the date comes. */
function UpdateNotice() {
  const { t } = useTranslation('community', { keyPrefix: 'terms' });
  const pending = usePendingDocuments();
  const [dismissed, setDismissed] = useState(() => readIds(localStorage, NOTICE_KEY));
  const next = pending.data?.find((doc) => !dismissed.includes(`${doc.kind}:${doc.version}`));
  if (!next) return null;
  const key = `${next.kind}:${next.version}`;
  return (
    <div
      className="fixed inset-x-3 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-40 mx-auto flex max-w-xl items-center gap-3 rounded-2xl border border-gold/40 bg-night/95 px-4 py-3 shadow-xl backdrop-blur md:bottom-4"
      role="status"
      data-testid="terms-notice"
    >
      <p className="flex-1 text-[13px] leading-snug text-soft">
        {t('notice', { kind: t(`kinds.${next.kind}`), date: formatDateTime(next.effective_at) })}{' '}
        <Link to={`/terms?kind=${next.kind}&upcoming=1`} className="font-semibold text-gold underline">
          {t('read')}
        </Link>
      </p>
      <button
        type="button"
        aria-label={t('dismiss')}
        className="flex size-8 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface-2 hover:text-white"
        onClick={() => {
          addId(localStorage, NOTICE_KEY, key);
          setDismissed(readIds(localStorage, NOTICE_KEY));
        }}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

/** Terms in force not yet accepted: read them and accept, or close and come back before a bet. */
function TermsGateDialog({ version, onClose }: { version: number; onClose: () => void }) {
  const { t } = useTranslation('community', { keyPrefix: 'terms' });
  const doc = useCurrentDocument('terms');
  const accept = useAcceptTerms();
  return (
    <Modal title={t('gate_title')} onClose={onClose}>
      <div className="flex flex-col gap-4" data-testid="terms-gate">
        <p className="text-[14px] text-soft">{t('gate_intro', { version })}</p>
        <div className="max-h-[45dvh] overflow-y-auto rounded-2xl border border-line bg-surface px-4 py-3">
          <Suspense fallback={<p className="text-[13px] text-muted">{t('loading')}</p>}>
            {doc.data ? <DocumentText text={doc.data.content} /> : <p className="text-[13px] text-muted">{t('loading')}</p>}
          </Suspense>
        </div>
        <Link to="/terms?kind=terms" className="text-[13px] text-gold underline" onClick={onClose}>
          {t('open_page')}
        </Link>
        <div className="grid grid-cols-2 gap-3">
          <Button variant="ghost" onClick={onClose}>
            {t('later')}
          </Button>
          <Button
            loading={accept.isPending}
            data-testid="terms-accept"
            onClick={() =>
              accept.mutate(version, {
                onSuccess: () => toast.success(t('accepted')),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          >
            {t('accept')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** The reminder popups, one at a time. */
function Popups({ token }: { token: string | null }) {
  const popups = usePopups(token);
  const client = useQueryClient();
  const [, setShown] = useState(0);
  const seen = readIds(sessionStorage, SEEN_KEY);
  const off = readIds(localStorage, OFF_KEY);
  const next = popups.data?.find((p) => !p.off && !seen.includes(String(p.id)) && !off.includes(String(p.id)));
  if (!next) return null;

  const close = () => {
    addId(sessionStorage, SEEN_KEY, String(next.id));
    setShown((n) => n + 1);
  };
  const dontRemind = async () => {
    addId(sessionStorage, SEEN_KEY, String(next.id));
    if (token) {
      try {
        await turnPopupOff(next.id);
        await client.invalidateQueries({ queryKey: ['popups'] });
      } catch (error) {
        toast.error(errorMessage(error));
      }
    } else {
      addId(localStorage, OFF_KEY, String(next.id));
    }
    setShown((n) => n + 1);
  };
  return <PopupView key={next.id} popup={next} onClose={close} onDontRemind={() => void dontRemind()} />;
}

function PopupView({ popup, onClose, onDontRemind }: { popup: PopupItem; onClose: () => void; onDontRemind: () => void }) {
  const { t } = useTranslation('community', { keyPrefix: 'popups' });
  const external = popup.link_url?.startsWith('https://') ?? false;
  const body = (
    <div className="flex flex-col gap-3" data-testid="site-popup" data-popup-id={popup.id}>
      {popup.image_url ? <img src={popup.image_url} alt="" className="max-h-64 w-full rounded-2xl object-cover" loading="lazy" /> : null}
      {popup.text ? <p className="whitespace-pre-line text-[14px] text-soft">{popup.text}</p> : null}
      {popup.link_url ? (
        external ? (
          <a
            href={popup.link_url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('gold', 'md', 'w-full')}
            onClick={onClose}
          >
            {t('more')}
          </a>
        ) : (
          <Link to={popup.link_url} className={buttonClass('gold', 'md', 'w-full')} onClick={onClose}>
            {t('more')}
          </Link>
        )
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <Button variant="ghost" size="sm" onClick={onDontRemind} data-testid="popup-off">
          {t('dont_remind')}
        </Button>
        <Button variant="outline" size="sm" onClick={onClose} data-testid="popup-close">
          {t('close')}
        </Button>
      </div>
    </div>
  );
  if (popup.modal) {
    return (
      <Modal title={popup.title} onClose={onClose}>
        {body}
      </Modal>
    );
  }
  return (
    <aside
      className="fixed right-3 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-40 w-[min(22rem,calc(100vw-1.5rem))] rounded-3xl border border-line bg-night p-4 shadow-2xl md:bottom-4"
      aria-label={popup.title}
    >
      <h2 className="mb-2 text-[15px] font-bold text-white">{popup.title}</h2>
      {body}
    </aside>
  );
}
