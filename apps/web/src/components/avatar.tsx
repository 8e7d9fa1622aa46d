import { useState } from 'react';
import { UserIcon } from './shell-icons.tsx';

/** The member's profile photo, or the first letter of the account name. */
export function Avatar({ url, name, size = 36 }: { url: string | null; name: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  if (url && !broken) {
    return (
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        onError={() => setBroken(true)}
        className="rounded-full object-cover ring-2 ring-gold/60"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      className="flex items-center justify-center rounded-full bg-gradient-to-br from-gold to-gold-deep font-bold text-ink uppercase"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
    >
      {name ? name.slice(0, 1) : <UserIcon size={size * 0.55} />}
    </span>
  );
}
