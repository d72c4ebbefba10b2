export async function listPendingRefunds(): Promise<{ id: number; no_order: string }[]> { return []; }
