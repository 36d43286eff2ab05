import type { CreateUraBody, UpdateUraBody, Ura } from "@atendo/contracts";
import { adminEntity } from "../../../lib/admin-entity";
import { resourceApi } from "../../../lib/resource-api";

/** Every menu, by name (GET /uras is small and unpaged), on /URA and its form, kept live by `ura` events. */
export const urasEntity = adminEntity("uras", resourceApi<Ura, CreateUraBody, UpdateUraBody>("/uras"), { live: "ura", title: "pages.ura" });
