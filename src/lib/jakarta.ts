/** Kept for imports written before src/lib/calendar.ts, the one calendar module: import from there. */
export { addDays, JAKARTA_OFFSET_MS, jakartaDate } from './calendar';
