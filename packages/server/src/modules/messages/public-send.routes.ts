import { limits, publicSendBody, publicSendForm, publicSendPath, publicSendResponse } from "@atendo/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.js";
import { errorResponses, parseWith, typed } from "../../core/route-kit.js";
import { assertApiToken } from "./api-token.js";
import { sendFilesFromApi, sendTextFromApi } from "./public-send.service.js";
import { discardUploads, readMultipartMessage } from "./uploads.js";

/**
 * Sends per address and minute. Counted before the token is checked, so guesses are limited too;
 * about two a second per sender, above what a WhatsApp number may send without being banned.
 */
export const publicSendRateLimit = { max: 120, timeWindow: "1 minute" } as const;

/**
 * The public send API (docs/decisions/0048, docs/compatibility.md "Public send API"): what
 * integrations of the Whaticket family call. Public to the user session hook; the install's API
 * token is checked instead, before the body is read.
 */
export function publicSendRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.post(
    publicSendPath,
    {
      config: { public: true, rateLimit: publicSendRateLimit },
      // After the rate limit (onRequest), before the body is parsed: a caller without the token
      // never has its body, or its upload, read.
      preParsing: async (request, _reply, payload) => {
        await assertApiToken(ctx, request.headers.authorization);
        return payload;
      },
      // The schema documents and checks JSON; a form is checked by publicSendForm in the handler.
      attachValidation: true,
      schema: {
        tags: ["public API"],
        security: [{ bearer: [] }],
        summary: "Send a message to a number (for integrations)",
        description:
          "Bearer: the API token of the Settings page (`userApiToken`), not a user's token. JSON `{ number, body, whatsappId?, connectionName? }`, " +
          "or multipart/form-data with the same text fields (`body` is then the first file's optional caption) and 1–10 files in `medias` " +
          `(media up to ${limits.mediaBytes / 1024 / 1024} MB, documents up to ${limits.documentBytes / 1024 / 1024} MB, type read from the content). ` +
          "Without `whatsappId`/`connectionName` the default connection is used. The contact and a waiting ticket are created when needed; " +
          `the messages are marked \`viaApi\`. At most ${publicSendRateLimit.max} calls per minute per address (429 ERR_TOO_MANY_REQUESTS).`,
        consumes: ["application/json", "multipart/form-data"],
        body: publicSendBody,
        response: { 201: publicSendResponse, ...errorResponses(400, 401, 404, 408, 409, 413, 415, 429, 502) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        if (request.validationError) throw request.validationError;
        return reply.status(201).send(await sendTextFromApi(ctx, request.body));
      }
      const upload = await readMultipartMessage(ctx, request);
      try {
        const sent = await sendFilesFromApi(ctx, parseWith(publicSendForm, upload.fields), upload.files);
        return reply.status(201).send(sent);
      } finally {
        await discardUploads(ctx, upload.files); // temporary names left only if they were not kept
      }
    },
  );
}
