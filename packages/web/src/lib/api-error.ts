/** Who still routes customers to a record whose delete was refused (ERR_DESTINATION_IN_USE). */
export interface DestinationUser {
  type: "connection" | "ura" | "announcement" | "monitoring" | "bot";
  id: number;
  name: string;
}

/** A failed API call: HTTP status (0 when the server could not be reached), catalogue code, text. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** ERR_DESTINATION_IN_USE: the connections, menus, announcements and monitorings that use the record. */
  readonly usedBy: readonly DestinationUser[];

  constructor(status: number, code: string | null, message: string, usedBy: readonly DestinationUser[] = []) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.usedBy = usedBy;
  }
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

const userTypes: readonly string[] = ["connection", "ura", "announcement", "monitoring", "bot"] satisfies DestinationUser["type"][];

/** The `usedBy` list of an error body, keeping only well-formed entries (the field is optional). */
export function usedByOf(body: unknown): DestinationUser[] {
  const list = typeof body === "object" && body !== null ? (body as { usedBy?: unknown }).usedBy : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (entry): entry is DestinationUser =>
      typeof entry === "object" &&
      entry !== null &&
      userTypes.includes((entry as DestinationUser).type) &&
      typeof (entry as DestinationUser).id === "number" &&
      typeof (entry as DestinationUser).name === "string",
  );
}
