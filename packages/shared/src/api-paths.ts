/**
 * Every API path, exactly as the spec writes them (section 7) where the spec names one; the
 * security centre and back office paths are ours (the spec does not show them).
 */
export const API = {
  health: '/api/health',
  captcha: '/api/auth/captcha',
  register: '/api/auth/register2',
  login: '/api/auth/login2',
  me: '/api/auth/me',
  logout: '/api/auth/logout',
  profilePictures: '/api/profilepictures',
  profilePictureUser: '/api/profilepictures/user',
  profilePictureSet: '/api/profilepictures/set',
  languageList: '/api/language/getList',
  dynamicWebs: '/api/dynamicwebs/getdata',
  socialLinks: '/api/socialmedialinks/get',
  activityDetails: '/api/activitydetails/get',
  security: {
    status: '/api/security/status',
    changePassword: '/api/security/password/change',
    setWithdrawalPassword: '/api/security/qk-password/set',
    verifyPassword: '/api/security/password/verify',
    sendEmailCode: '/api/security/email/send-code',
    bindEmail: '/api/security/email/bind',
  },
  admin: {
    login: '/api/admin/auth/login',
    logout: '/api/admin/auth/logout',
    me: '/api/admin/auth/me',
    members: '/api/admin/members',
    member: (id: number | string) => `/api/admin/members/${id}`,
    forceOffline: (id: number | string) => `/api/admin/members/${id}/force-offline`,
    freeze: (id: number | string) => `/api/admin/members/${id}/freeze`,
    unfreeze: (id: number | string) => `/api/admin/members/${id}/unfreeze`,
    memberLedger: (id: number | string) => `/api/admin/members/${id}/ledger`,
    adjust: (id: number | string) => `/api/admin/members/${id}/adjust`,
    outbox: '/api/admin/outbox',
    auditLog: '/api/admin/audit-log',
    operators: '/api/admin/operators',
  },
} as const;
