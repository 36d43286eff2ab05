import { formatDate, formatTime } from "../../../lib/date-format";

const pad = (value: number) => String(value).padStart(2, "0");

/** Day separator of the conversation (spec §9): dd/MM/yyyy on the install's clock. */
export const formatDay = formatDate;

/** A bubble's time: HH:mm on the install's clock. */
export { formatTime };

/** Whether a separator goes above a message: the first one, or a new day. */
export function startsNewDay(previousIso: string | undefined, iso: string): boolean {
  return previousIso === undefined || formatDay(previousIso) !== formatDay(iso);
}

/** Elapsed recording time as mm:ss. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}
