const pad = (value: number) => String(value).padStart(2, "0");

/** Day separator of the conversation (spec §9): dd/MM/yyyy in local time. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** A bubble's time: HH:mm in local time. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Whether a separator goes above a message: the first one, or a new day. */
export function startsNewDay(previousIso: string | undefined, iso: string): boolean {
  return previousIso === undefined || formatDay(previousIso) !== formatDay(iso);
}

/** Elapsed recording time as mm:ss. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}
