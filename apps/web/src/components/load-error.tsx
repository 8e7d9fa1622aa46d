import { useTranslation } from '../lib/translation.ts';
import { errorMessage } from '../lib/api.ts';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

/** A failed load: the server's message (or "Load Fail") and a retry button. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState text={error ? errorMessage(error) : t('common.load_fail')}>
      <Button size="sm" variant="ghost" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </EmptyState>
  );
}
