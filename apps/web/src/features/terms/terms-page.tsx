import { DOCUMENT_KINDS, type DocumentKind } from '@casino/shared/schemas/terms';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Skeleton } from '../../components/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { loadCommunityNamespace } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useTranslation } from '../../lib/translation.ts';
import { DocumentText } from './markdown.tsx';
import { useAcceptTerms, useCurrentDocument, usePendingDocuments, useTermsStatus } from './terms.api.ts';

await loadCommunityNamespace();

/**
 * /terms?kind=terms|privacy|responsible: the version in force of the site's terms, privacy policy
 * and responsible-gaming policy (the registration's agree box links here), and a version announced
 * for a later date (`upcoming=1` opens it). Markdown written in the back office, rendered without
 * raw HTML.
 */
export function TermsPage() {
  const { t } = useTranslation('community', { keyPrefix: 'terms' });
  const [params] = useSearchParams();
  const asked = params.get('kind');
  const kind: DocumentKind = (DOCUMENT_KINDS as readonly string[]).includes(asked ?? '') ? (asked as DocumentKind) : 'terms';
  const upcoming = params.get('upcoming') === '1';
  usePageTitle(t(`kinds.${kind}`));
  const current = useCurrentDocument(kind);
  const pending = usePendingDocuments();
  const next = pending.data?.find((doc) => doc.kind === kind);
  const shown = upcoming && next ? next : current.data;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <PageHeader title={t('page_title')} />
      <nav aria-label={t('page_title')} className="scrollbar-none flex gap-2 overflow-x-auto">
        {DOCUMENT_KINDS.map((k) => (
          <Link
            key={k}
            to={`/terms?kind=${k}`}
            aria-current={k === kind && !upcoming ? 'page' : undefined}
            className={`shrink-0 rounded-full px-4 py-2 text-[13px] font-semibold ${k === kind ? 'bg-gold text-ink' : 'bg-surface-2 text-soft hover:text-white'}`}
          >
            {t(`kinds.${k}`)}
          </Link>
        ))}
      </nav>
      {next ? (
        <Card className="border-gold/40" data-testid="terms-upcoming">
          <p className="text-[13px] text-soft">
            {t('upcoming', { version: next.version, date: formatDateTime(next.effective_at) })}{' '}
            <Link to={upcoming ? `/terms?kind=${kind}` : `/terms?kind=${kind}&upcoming=1`} className="font-semibold text-gold underline">
              {upcoming ? t('read_current') : t('read_upcoming')}
            </Link>
          </p>
        </Card>
      ) : null}
      {current.isPending ? (
        <Card className="flex flex-col gap-3">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </Card>
      ) : current.isError ? (
        <LoadError error={current.error} onRetry={() => void current.refetch()} />
      ) : !shown ? (
        <EmptyState text={t('none')} />
      ) : (
        <Card className="flex flex-col gap-4" data-testid="terms-document">
          <div>
            <h2 className="text-lg font-bold text-white">{shown.title}</h2>
            <p className="text-[12px] text-muted">
              {t('version_line', { version: shown.version, date: formatDateTime(shown.effective_at) })}
            </p>
          </div>
          <DocumentText text={shown.content} />
          {kind === 'terms' && !upcoming ? <AcceptHere version={shown.version} /> : null}
        </Card>
      )}
    </div>
  );
}

/** A member who has not accepted the version in force can do it here too. */
function AcceptHere({ version }: { version: number }) {
  const { t } = useTranslation('community', { keyPrefix: 'terms' });
  const { token } = useSession();
  const status = useTermsStatus(token, 0);
  const accept = useAcceptTerms();
  if (!token || !status.data?.must_accept || status.data.current_version !== version) return null;
  return (
    <Button
      loading={accept.isPending}
      onClick={() =>
        accept.mutate(version, { onSuccess: () => toast.success(t('accepted')), onError: (error) => toast.error(errorMessage(error)) })
      }
    >
      {t('accept')}
    </Button>
  );
}
