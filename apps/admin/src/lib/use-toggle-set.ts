import { useState } from 'react';

/** Which rows of a list are open (a diff, an e-mail's body): `toggle` opens a closed one and closes an open one. */
export function useToggleSet<T>() {
  const [open, setOpen] = useState<ReadonlySet<T>>(new Set());
  function toggle(value: T) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(value)) next.delete(value);
      else next.add(value);
      return next;
    });
  }
  return { isOpen: (value: T) => open.has(value), toggle };
}
