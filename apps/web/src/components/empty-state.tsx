import type { ReactNode } from 'react';
import { InboxIcon } from './shell-icons.tsx';

/** The spec's empty texts ("No records found", ...) with an icon; never invented data. */
export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-line bg-surface/60 px-6 py-10 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-surface-2 text-muted">
        <InboxIcon size={28} />
      </span>
      <p className="max-w-xs text-sm text-soft" data-testid="empty-state">
        {text}
      </p>
      {children}
    </div>
  );
}
