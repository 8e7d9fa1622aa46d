import { formatCentavos } from '@casino/shared/money';
import type { UserInfo } from '@casino/shared/schemas/auth';
import type { Member } from '../../db/schema.ts';

/**
 * The spec's user info from a member row. Rows are not responses: this is the one place that
 * chooses what a member sees of itself, so hashes and bridge secrets cannot leak.
 */
export function toUserInfo(
  member: Member,
  siteName: string | null,
  balances: Record<string, number>,
  profile: { profile_incomplete: boolean; missing_fields: string[] } = { profile_incomplete: false, missing_fields: [] },
): UserInfo {
  return {
    id: member.id,
    name: member.account,
    nickname: member.nickname,
    realname: member.realname,
    email: member.email,
    phone: member.phone,
    qq: member.qq,
    gender: member.gender,
    invite_code: member.invite_code,
    money: formatCentavos(balances.cash ?? 0),
    fs_money: formatCentavos(balances.rebate ?? 0),
    ml_money: formatCentavos(member.wagering_required_centavos),
    total_money: formatCentavos(member.total_bet_centavos),
    total_slot_money: formatCentavos(member.total_slot_bet_centavos),
    total_live_money: formatCentavos(member.total_live_bet_centavos),
    score: member.score,
    status: member.status,
    is_tips_on: member.is_tips_on,
    is_in_on: member.is_in_on,
    is_trans_on: member.is_trans_on,
    is_demo: member.is_demo,
    lang: member.lang,
    register_ip: member.register_ip,
    register_area: member.register_area,
    register_site: siteName,
    site: siteName,
    is_ms_reg: member.is_ms_reg,
    top_id: member.top_id,
    agent_id: member.agent_id,
    total_credit: formatCentavos(member.total_credit_centavos),
    used_credit: formatCentavos(member.used_credit_centavos),
    level: member.level,
    slot_level: member.slot_level,
    live_level: member.live_level,
    level_name: `VIP${member.level}`,
    profile_url: member.profile_url,
    created_at: member.created_at,
    updated_at: member.updated_at,
    deleted_at: member.deleted_at,
    has_qk_pwd: member.qk_pwd_hash !== null,
    d7_map: null,
    day7_id: null,
    profile_incomplete: profile.profile_incomplete,
    missing_fields: profile.missing_fields,
  };
}
