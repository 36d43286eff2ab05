import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error";
import { errorMessage, validationDetail } from "./error-message";
import { i18n, i18nReady, loadErrorTexts } from "./i18n";
import { markAnonymous, startSession } from "./session";

describe("validation refusals", () => {
  it("keep the server's field and rule after the generic text", async () => {
    // The generic text is the catalogue's English one, loaded (as the API client does) before a refusal is shown.
    await i18nReady;
    await loadErrorTexts();
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

describe("a connection error", () => {
  const noConnection = new ApiError(404, "ERR_NO_DEF_WAPP_FOUND", "No default connection found. Check the connections page.");
  const signIn = (profile: "admin" | "user") =>
    startSession({ token: "t", user: { id: 1, name: "Ana", email: "ana@example.com", profile } as Parameters<typeof startSession>[0]["user"] });

  it("tells an attendant, who cannot open the connections page, to ask an administrator (en, pt, es)", async () => {
    await i18nReady;
    signIn("user");
    try {
      await i18n.changeLanguage("en");
      expect(errorMessage(noConnection)).toBe("No default connection found. Ask an administrator to check the connections.");
      await i18n.changeLanguage("pt");
      expect(errorMessage(noConnection)).toBe("Nenhuma conexão padrão encontrada. Peça a um administrador que verifique as conexões.");
      await i18n.changeLanguage("es");
      expect(errorMessage(noConnection)).toBe("No se encontró una conexión predeterminada. Pida a un administrador que revise las conexiones.");
    } finally {
      markAnonymous();
    }
  });

  it("sends an administrator to the connections page", async () => {
    await i18nReady;
    signIn("admin");
    try {
      await i18n.changeLanguage("en");
      expect(errorMessage(noConnection)).toBe("No default connection found. Check the connections page.");
    } finally {
      markAnonymous();
    }
  });
});
