import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error";
import { errorMessage, validationDetail } from "./error-message";
import { i18n, i18nReady } from "./i18n";

describe("validation refusals", () => {
  it("keep the server's field and rule after the generic text", async () => {
    // The generic text is the catalogue's English one, loaded with the languages.
    await i18nReady;
    expect(validationDetail("Incomplete or invalid information. body: Too big: expected string to have <=65536 characters")).toBe(
      "body: Too big: expected string to have <=65536 characters",
    );
    expect(validationDetail("Incomplete or invalid information.")).toBe("");
    expect(validationDetail("Send at least one file in `medias`.")).toBe("Send at least one file in `medias`.");
  });

  it("are shown translated with the detail, and without it when there is none", async () => {
    await i18nReady;
    await i18n.changeLanguage("pt");
    expect(errorMessage(new ApiError(400, "ERR_MISSING_VALUES", "Incomplete or invalid information. body: Too big: expected string to have <=65536 characters"))).toBe(
      "Informações incompletas ou inválidas. body: Too big: expected string to have <=65536 characters",
    );
    expect(errorMessage(new ApiError(400, "ERR_MISSING_VALUES", "Incomplete or invalid information."))).toBe("Informações incompletas ou inválidas.");
    expect(errorMessage(new ApiError(403, "ERR_NO_PERMISSION", "You do not have permission for this."))).toBe("Você não tem permissão para isso.");
  });
});
