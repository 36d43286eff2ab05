import { publicConfig, setting, settingKeyParam, updateSettingBody } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, typed } from "../../core/route-kit.js";
import { getPublicConfig } from "./public-config.js";
import { listSettings, updateSetting } from "./settings.service.js";

const tags = ["settings"];

export function settingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get(
    "/api/settings",
    { schema: { tags, response: { 200: z.array(setting), ...errorResponses(403) } } },
    async (request) => listSettings(ctx, actorOf(request)),
  );

  r.put(
    "/api/settings/:key",
    {
      schema: {
        tags,
        params: settingKeyParam,
        body: updateSettingBody,
        response: { 200: setting, ...errorResponses(403, 404) },
      },
    },
    async (request) => updateSetting(ctx, actorOf(request), request.params.key, request.body.value),
  );

  r.get(
    "/api/public/config",
    { config: { public: true }, schema: { tags, response: { 200: publicConfig } } },
    async () => getPublicConfig(ctx),
  );
}
