import { useTranslation } from '../../lib/translation.ts';
import { CopyIcon } from '../../components/icons.tsx';
import { toast } from '../../lib/toast.ts';

/** Copies `text` and says so (or shows it, where the clipboard is refused). */
export function copyText(text: string, copied: string): void {
  void navigator.clipboard?.writeText(text).then(
    () => toast.success(copied),
    () => toast.info(text),
  );
}

/** A labelled value (a hash, a seed, a salt) on one line, with a copy button. */
export function CopyValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="text-xs font-medium text-muted">{label}</span>
      <div className="flex items-center gap-1 rounded-xl border border-line bg-ink/60 py-1 pr-1 pl-3">
        <code className="min-w-0 flex-1 truncate font-mono text-xs text-soft" title={value} data-testid={testId}>
          {value}
        </code>
        <button
          type="button"
          aria-label={`${t('common.copy')}: ${label}`}
          onClick={() => copyText(value, t('common.copied'))}
          className="flex size-8 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-white"
        >
          <CopyIcon size={15} />
        </button>
      </div>
    </div>
  );
}
