import type { ReactNode } from 'react';

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-2xl border border-line/70 bg-surface p-4 md:p-5 ${className}`}>{children}</div>;
}
