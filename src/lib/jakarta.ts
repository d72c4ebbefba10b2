/** Kept for imports written before src/lib/calendar.ts, the one calendar module: import from there. */
export { JAKARTA_OFFSET_MS, addDays, jakartaDate } from './calendar';
