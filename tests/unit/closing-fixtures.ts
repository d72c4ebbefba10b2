import type { ClosingEvent, EventSubject } from '../../src/server/domain/bonus/closing-event';

/** A member three levels down: sponsored by 20, whose sponsor is 30. */
export const subject: EventSubject = {
  id: 10,
  id_member: 'M0010',
  nama: 'Ani',
  posisi: 'SILVER',
  path: '01',
  sponsor_id: 20,
  grand_sponsor_id: 30,
};

/** A paid order of the day; only what a case changes is given. */
export function event(over: Partial<Omit<ClosingEvent, 'subject'>> & { subject?: Partial<EventSubject> } = {}): ClosingEvent {
  const { subject: who, ...rest } = over;
  return {
    no_order: 'ORD-1',
    jenis_order: 'reg',
    total_bv: 1,
    posisi_order: 'BRONZE',
    posisi_pembeli: null,
    hari_bayar: '2026-01-05',
    ...rest,
    subject: { ...subject, ...who },
  };
}
