import { canImportResponse, contactImport, contactImportTemplateQuery, idParam, languages, ongoingImportResponse } from "@atendo/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, typed } from "../../core/route-kit.js";
import { assertCanImportContacts } from "./contact-import.policy.js";
import { canImport, failuresFile, ongoingImport, startImport, templateFile, type CsvFile } from "./contact-import.service.js";
import { readCsvUpload } from "./csv-upload.js";

const tags = ["contact-import"];

// An unknown template answers ERR_INVALID_CSV_TEMPLATE (spec §8) from the service, not a schema error.
const templateQuery = contactImportTemplateQuery.extend({ templateType: z.string().optional().describe("`atendo` or `google`") });
const failuresQuery = z.object({ language: z.enum(languages).optional() });

function sendCsv(reply: FastifyReply, file: CsvFile): FastifyReply {
  return reply.type("text/csv; charset=utf-8").header("content-disposition", `attachment; filename="${file.fileName}"`).send(file.text);
}

/** Contact import (spec §2, §7): admins only, every route. */
export function contactImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get(
    "/api/contact-import/can-import",
    { schema: { tags, description: "False while an import runs (one at a time per install).", response: { 200: canImportResponse, ...errorResponses(403) } } },
    async (request) => canImport(ctx, actorOf(request)),
  );

  r.get(
    "/api/contact-import/ongoing",
    { schema: { tags, description: "The running import, else the latest one, else null.", response: { 200: ongoingImportResponse, ...errorResponses(403) } } },
    async (request) => ongoingImport(ctx, actorOf(request)),
  );

  r.get(
    "/api/contact-import/download",
    {
      schema: {
        tags,
        description: "The template's header row as a CSV file (Atendo's in `language`; Google's as Google Contacts exports it, in English).",
        querystring: templateQuery,
        produces: ["text/csv"],
        response: errorResponses(400, 403),
      },
    },
    async (request, reply) => sendCsv(reply, templateFile(actorOf(request), request.query.templateType, request.query.language)),
  );

  r.post(
    "/api/contact-import",
    {
      schema: {
        tags,
        description:
          "multipart/form-data: the file in `csv` (CSV under 1,000,000 bytes, UTF-8 or Windows-1252), `templateType` (`atendo` | `google`) and `language` (en | pt | es). " +
          "Checked whole before anything is stored (400 ERR_INVALID_CSV_TEMPLATE, ERR_EMPTY_CSV, ERR_INVALID_ATENDO_CSV, ERR_INVALID_GOOGLE_CSV; 413; 415 FILE_NOT_SUPPORTED), " +
          "then imported in the background: 202 with the import, `ContactsImports` events to admins; 409 ERR_IMPORT_RUNNING while another runs.",
        consumes: ["multipart/form-data"],
        response: { 202: z.object({ import: contactImport }), ...errorResponses(400, 403, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Permission first: a refused user's upload is never read.
      assertCanImportContacts(actor);
      const started = await startImport(ctx, actor, await readCsvUpload(request));
      return reply.status(202).send({ import: started });
    },
  );

  r.get(
    "/api/contact-import/:id/failures",
    {
      schema: {
        tags,
        description: "The rows of the import that were not imported, as in the file, with their line and why (in `language`, default the import's).",
        params: idParam,
        querystring: failuresQuery,
        produces: ["text/csv"],
        response: errorResponses(403, 404),
      },
    },
    async (request, reply) => sendCsv(reply, await failuresFile(ctx, actorOf(request), request.params.id, request.query.language)),
  );
}
