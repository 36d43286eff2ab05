import { ApiError } from "./api-error";
import { i18n } from "./i18n";
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
    if (error.code && i18n.exists(`errors.${error.code}`)) return i18n.t(`errors.${error.code}`);
  }
  if (error instanceof Error && error.message) return error.message;
  return i18n.t("common.unknownError");
}

export function toastError(error: unknown): void {
  if (error instanceof DOMException && error.name === "AbortError") return;
  toast.error(errorMessage(error));
}
