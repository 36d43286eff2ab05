import {
  audienceCount,
  audienceCountBody,
  campaign,
  campaignActions,
  campaignAudienceUpload,
  campaignList,
  campaignListQuery,
  campaignPreview,
  campaignPreviewBody,
  createCampaignBody,
  idParam,
  okResponse,
  recipientList,
  recipientListQuery,
  updateCampaignBody,
  type CampaignRecipient,
} from "@atendo/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { requireAdmin } from "../../core/actor.js";
import { csvFile } from "../../core/csv.js";
import { actorOf, errorResponses, ok, parseWith, typed } from "../../core/route-kit.js";
import { readJsonForm } from "../media/multipart-form.js";
import { readCsvUpload } from "../contact-import/csv-upload.js";
import { uploadAudience } from "./campaign-upload.js";
import {
  actOnCampaign,
  allRecipients,
  campaignAudienceCount,
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  listRecipients,
  previewCampaign,
  updateCampaign,
} from "./campaigns.service.js";

const tags = ["campaigns"];
const writeErrors = errorResponses(400, 403, 404, 409);

/** The report as a CSV file (csvFile: BOM, formula-safe cells). */
function sendRecipientsCsv(reply: FastifyReply, campaignId: number, recipients: readonly CampaignRecipient[]): FastifyReply {
  const text = csvFile([
    ["name", "number", "status", "error", "sentAt", "updatedAt"],
    ...recipients.map((r) => [r.contact.name, r.contact.number, r.status, r.error ?? "", r.sentAt ?? "", r.updatedAt]),
  ]);
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="campaign-${campaignId}-recipients.csv"`)
    .header("cache-control", "no-store")
    .send(text);
}

/** Campaigns are an admin screen (issue 31): every route refuses attendants (403) in the service. */
export function campaignsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get("/api/campaigns", { schema: { tags, querystring: campaignListQuery, response: { 200: campaignList, ...errorResponses(400, 403) } } }, async (request) =>
    listCampaigns(ctx, actorOf(request), request.query),
  );

  r.post(
    "/api/campaigns",
    {
      schema: {
        tags,
        description: "A draft. JSON (createCampaignBody), or multipart/form-data with the same fields as JSON in `data` and an optional `media` file sent with every message.",
        consumes: ["application/json", "multipart/form-data"],
        response: { 201: campaign, ...errorResponses(400, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Permission first: a refused user's upload is never read.
      requireAdmin(actor);
      if (!request.isMultipart()) return reply.status(201).send(await createCampaign(ctx, actor, parseWith(createCampaignBody, request.body)));
      return readJsonForm(ctx, request, createCampaignBody, "campaign", async (body, file) => {
        const media = file ? { name: await ctx.media.keepTemporary(file.tempPath, file.kind.extension), fileName: file.fileName, kind: file.kind } : undefined;
        return reply.status(201).send(await createCampaign(ctx, actor, body, media));
      });
    },
  );

  r.post(
    "/api/campaigns/audience-count",
    { schema: { tags, body: audienceCountBody, response: { 200: audienceCount, ...errorResponses(400, 403) } } },
    async (request) => campaignAudienceCount(ctx, actorOf(request), request.body.audience),
  );

  r.post(
    "/api/campaigns/preview",
    { schema: { tags, body: campaignPreviewBody, response: { 200: campaignPreview, ...errorResponses(400, 403, 404) } } },
    async (request) => previewCampaign(ctx, actorOf(request), request.body.body, request.body.contactId),
  );

  r.get("/api/campaigns/:id", { schema: { tags, params: idParam, response: { 200: campaign, ...errorResponses(400, 403, 404) } } }, async (request) =>
    getCampaign(ctx, actorOf(request), request.params.id),
  );

  r.put("/api/campaigns/:id", { schema: { tags, params: idParam, body: updateCampaignBody, response: { 200: campaign, ...writeErrors } } }, async (request) =>
    updateCampaign(ctx, actorOf(request), request.params.id, request.body),
  );

  r.delete("/api/campaigns/:id", { schema: { tags, params: idParam, response: { 200: okResponse, ...errorResponses(400, 403, 404, 409) } } }, async (request) =>
    ok(deleteCampaign(ctx, actorOf(request), request.params.id)),
  );

  for (const action of campaignActions) {
    r.post(`/api/campaigns/:id/${action}`, { schema: { tags, params: idParam, response: { 200: campaign, ...writeErrors } } }, async (request) =>
      actOnCampaign(ctx, actorOf(request), request.params.id, action),
    );
  }

  r.post(
    "/api/campaigns/:id/audience",
    {
      schema: {
        tags,
        description: "multipart/form-data with a CSV in `csv`: a `number` column, optional `name`, other columns become custom fields. Drafts only.",
        consumes: ["multipart/form-data"],
        params: idParam,
        response: { 200: campaignAudienceUpload, ...errorResponses(400, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      requireAdmin(actor);
      const upload = await readCsvUpload(request);
      return uploadAudience(ctx, actor, request.params.id, upload.bytes);
    },
  );

  r.get(
    "/api/campaigns/:id/recipients",
    { schema: { tags, params: idParam, querystring: recipientListQuery, response: { 200: recipientList, ...errorResponses(400, 403, 404) } } },
    async (request) => listRecipients(ctx, actorOf(request), request.params.id, request.query),
  );

  r.get(
    "/api/campaigns/:id/recipients/export",
    {
      schema: {
        tags,
        description: "The recipients (of `status` when given) as a CSV file: name, number, status, error, sentAt, updatedAt.",
        params: idParam,
        querystring: z.object({ status: recipientListQuery.shape.status }),
        produces: ["text/csv"],
        response: errorResponses(400, 403, 404),
      },
    },
    async (request, reply) => {
      const { campaign: row, recipients } = await allRecipients(ctx, actorOf(request), request.params.id, request.query.status);
      return sendRecipientsCsv(reply, row.id, recipients);
    },
  );
}
