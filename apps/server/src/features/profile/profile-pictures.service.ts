import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../db/database.ts';
import { AppError } from '../../lib/http.ts';
import { updateMember } from '../../platform/members/members.repository.ts';

export const ASSETS_DIR = join(import.meta.dirname, '../../../assets');

type Avatar = { id: string; url: string };

function listAvatars(folder: 'male' | 'female'): Avatar[] {
  const dir = join(ASSETS_DIR, 'avatars', folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /\.(svg|png|webp|jpg)$/.test(f))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .map((f) => ({ id: f.replace(/\.[a-z]+$/, ''), url: `/static/avatars/${folder}/${f}` }));
}

let cache: { males: Avatar[]; females: Avatar[] } | undefined;
/** The bundled avatar images, read once. */
export function profilePictures() {
  cache ??= { males: listAvatars('male'), females: listAvatars('female') };
  return cache;
}

/** Accepts an avatar id ("m1") or its url; anything else is refused. */
export async function setProfilePicture(ctx: AppContext, memberId: number, choice: string): Promise<string> {
  const { males, females } = profilePictures();
  const avatar = [...males, ...females].find((a) => a.id === choice || a.url === choice);
  if (!avatar) throw new AppError('AVATAR_UNKNOWN', { fieldErrors: { profileurl: ['profile.avatar_unknown'] } });
  await updateMember(ctx.db, memberId, { profile_url: avatar.url, updated_at: nowIso() });
  return avatar.url;
}
