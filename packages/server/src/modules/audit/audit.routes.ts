import { auditPage, auditQuery } from "@atendo/contracts";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppContext } from "../../context.js";
import { actorOf, errorResponses, typed } from "../../core/route-kit.js";
import { auditCsv, listAudit, type AuditCsv } from "./audit.service.js";

function sendCsv(reply: FastifyReply, file: AuditCsv): FastifyReply {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "no-store")
    .send(file.stream);
}

const tags = ["audit"];

/** The audit log (issue 34, docs/decisions/0097): admins only. */
export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);

  r.get(
    "/api/audit",
    {
      schema: {
        tags,
        description:
          "A page of audit entries, newest first, filtered by `userId`, `action` (exact), `from` and `to` (ISO dates or date-times, both included); " +
          "with `format=csv`, every matching entry as a CSV file (UTF-8 with BOM). Admins.",
        querystring: auditQuery,
        produces: ["application/json", "text/csv"],
        response: { 200: auditPage, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      if (request.query.format !== "csv") return listAudit(ctx, actor, request.query);
      return sendCsv(reply, await auditCsv(ctx, actor, request.query));
    },
  );
}
