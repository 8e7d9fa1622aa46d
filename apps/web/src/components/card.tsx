import type { HTMLAttributes } from 'react';

export function Card({ children, className = '', ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={`rounded-2xl border border-line/70 bg-surface p-4 md:p-5 ${className}`} {...props}>
      {children}
    </div>
  );
}
