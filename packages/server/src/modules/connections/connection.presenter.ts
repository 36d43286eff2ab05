import { defaultConnectionSurvey, paceOf, type Connection, type ConnectionSession } from "@atendo/contracts";
import type { connections } from "../../db/schema/index.js";
import { presentSettings } from "./channel-settings.js";

export type ConnectionRow = typeof connections.$inferSelect;

/** The admin's view of a connection; API secrets only on API connections. */
export function presentConnection(row: ConnectionRow): Connection {
  const api = row.kind === "api";
  return {
    id: row.id,
    name: row.name,
    label: row.label,
    kind: row.kind,
    number: row.number,
    status: row.status,
    ...sessionOf(row),
    isDefault: row.isDefault,
    canCloseTicketByMessage: row.canCloseTicketByMessage,
    farewellMessage: row.farewellMessage,
    ignoreGroups: row.ignoreGroups,
    closeCode: row.closeCode,
    businessHours: row.businessHours,
    outOfHoursMessage: row.outOfHoursMessage,
    survey: { ...defaultConnectionSurvey, ...row.survey },
    pace: paceOf(row.kind, row.pace),
    destinations:
      row.destinationType && row.destinationId !== null
        ? [{ destinationType: row.destinationType, destinationTypeId: row.destinationId }]
        : [],
    webhookUrl: api ? row.webhookUrl : null,
    apiToken: api ? row.apiToken : null,
    webhookSecret: api ? row.webhookSecret : null,
    ...presentSettings(row),
    replacedById: row.replacedById,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The `qrcode` column is the QR code while `qrcode`, the network error while TIMEOUT (applySessionUpdate). */
function sessionOf(row: ConnectionRow): Pick<Connection, "qrcode" | "retries" | "statusDetail"> {
  return {
    qrcode: row.status === "qrcode" ? row.qrcode : "",
    retries: row.retries,
    statusDetail: row.status === "TIMEOUT" ? row.qrcode : "",
  };
}

export function presentSession(row: ConnectionRow): ConnectionSession {
  return { id: row.id, status: row.status, ...sessionOf(row), updatedAt: row.updatedAt.toISOString() };
}

