import type { Bot, CreateBotBody, UpdateBotBody } from "@atendo/contracts";
import { adminEntity } from "../../../lib/admin-entity";
import { resourceApi } from "../../../lib/resource-api";

/** Every bot, by name (GET /bots is small and unpaged), on /bots and its form, kept live by `bot` events. */
export const botsEntity = adminEntity("bots", resourceApi<Bot, CreateBotBody, UpdateBotBody>("/bots"), { live: "bot", title: "pages.bots" });
