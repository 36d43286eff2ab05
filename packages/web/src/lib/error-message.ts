import { can } from "@atendo/contracts";
import { ApiError } from "./api-error";
import { i18n } from "./i18n";
import { getSession } from "./session";
import { toast } from "./toast";

/**
 * What the server added to a validation refusal (ERR_MISSING_VALUES): which field broke which rule,
 * e.g. "body: Too big: expected string to have <=65536 characters"; "" when it said nothing more.
 */
export function validationDetail(message: string): string {
  // The server writes its messages in English: the catalogue's English text, loaded as the fallback language.
  const generic = i18n.t("errors.ERR_MISSING_VALUES", { lng: "en" });
  return (message.startsWith(generic) ? message.slice(generic.length) : message).trim();
}

/** Attendants: a text that sends admins to an admin screen (the connections page) tells them to ask one (spec §8). */
function mayNotOpenAdminScreens(): boolean {
  const session = getSession();
  return session.status === "authenticated" && !can(session.user.profile, "drawer-admin-items:view");
}

/**
 * The one error handler (spec §8): the translation of the error code if there is one, else the
 * server's text, else a generic message. A validation refusal keeps the server's detail (the
 * field and its limit) after the translated text: "Incomplete or invalid information" alone does
 * not say what to fix (issue 16).
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return i18n.t("common.networkError");
    if (error.code === "ERR_MISSING_VALUES" && validationDetail(error.message)) {
      return `${i18n.t("errors.ERR_MISSING_VALUES")} ${validationDetail(error.message)}`;
    }
    if (error.code && i18n.exists(`errors.${error.code}`)) {
      const forAttendants = `errors.forAttendants.${error.code}`;
      return i18n.t(mayNotOpenAdminScreens() && i18n.exists(forAttendants) ? forAttendants : `errors.${error.code}`);
    }
  }
  if (error instanceof Error && error.message) return error.message;
  return i18n.t("common.unknownError");
}

export function toastError(error: unknown): void {
  if (error instanceof DOMException && error.name === "AbortError") return;
  toast.error(errorMessage(error));
}
