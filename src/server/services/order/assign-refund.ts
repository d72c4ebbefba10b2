export async function assignRefund(..._args: unknown[]): Promise<{ jumlah: number; bv: number }> { throw new Error('belum ada'); }
