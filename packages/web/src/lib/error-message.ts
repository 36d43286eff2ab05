import { ApiError } from "./api-error";
import { i18n } from "./i18n";
import { toast } from "./toast";

/**
 * The one error handler (spec §8): the translation of the error code if there is one, else the
 * server's text, else a generic message.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return i18n.t("common.networkError");
    if (error.code && i18n.exists(`errors.${error.code}`)) return i18n.t(`errors.${error.code}`);
  }
  if (error instanceof Error && error.message) return error.message;
  return i18n.t("common.unknownError");
}

export function toastError(error: unknown): void {
  if (error instanceof DOMException && error.name === "AbortError") return;
  toast.error(errorMessage(error));
}
