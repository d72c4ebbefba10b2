/** The audit actions of an operator's change to a member that the member sees in their history. */
export const CARE_ACTIONS = {
  profile: 'member:edit-profile',
  heir: 'member:edit-heir',
  bank: 'member:edit-bank',
  contact: 'member:edit-contact',
  sponsor: 'member:change-sponsor',
  placement: 'member:move-placement',
  kycReject: 'member:kyc-reject',
  verifyBank: 'member:verify-bank',
  verifyNpwp: 'member:verify-npwp',
  verifyNik: 'member:verify-nik',
} as const;

/** What each of them is called on the member's history. */
export const CARE_ACTION_LABELS: Record<string, string> = {
  [CARE_ACTIONS.profile]: 'Data member diubah oleh Customer Service',
  [CARE_ACTIONS.heir]: 'Informasi pewaris diubah oleh Customer Service',
  [CARE_ACTIONS.bank]: 'Rekening bank diubah oleh Customer Service',
  [CARE_ACTIONS.contact]: 'Kontak (email/WhatsApp) diubah oleh Customer Service',
  [CARE_ACTIONS.sponsor]: 'Sponsor dikoreksi',
  [CARE_ACTIONS.placement]: 'Penempatan di jaringan dikoreksi',
  [CARE_ACTIONS.kycReject]: 'Verifikasi ditolak',
  [CARE_ACTIONS.verifyBank]: 'Rekening bank diverifikasi',
  [CARE_ACTIONS.verifyNpwp]: 'NPWP diverifikasi',
  [CARE_ACTIONS.verifyNik]: 'NIK diverifikasi',
};

export const MEMBER_HISTORY_ACTIONS: readonly string[] = Object.values(CARE_ACTIONS);
