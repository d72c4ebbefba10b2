/** The profile's choice lists (spec/000 §5), shared by the profile form and the registration stepper. */
export const AGAMA = ['ISLAM', 'KATOLIK', 'PROTESTAN', 'HINDU', 'BUDHA', 'KONGHUCU', 'LAINNYA'] as const;
export const STATUS_KAWIN = ['BELUM KAWIN', 'KAWIN', 'BERCERAI', 'LAINNYA'] as const;
