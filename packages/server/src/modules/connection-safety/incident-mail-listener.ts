import { customerLanguages, type ConnectionIncident, type Language } from "@atendo/contracts";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { users } from "../../db/schema/index.js";
import type { DomainEvents } from "../../events/event-bus.js";
import { getSettingValue } from "../settings/settings.service.js";
import { incidentMail } from "./incident-mail.js";

/**
 * The install's working language for the mail: users have no language of their own on the
 * server, and the customers' language setting is the one the company chose for itself
 * (docs/decisions/0087); English until chosen.
 */
async function installLanguage(ctx: AppContext): Promise<Language> {
  const value = await getSettingValue(ctx, "customerLanguage");
  return (customerLanguages as readonly string[]).includes(value ?? "") ? (value as Language) : "en";
}

async function mailAdmins(ctx: AppContext, kind: "alerted" | "recovered", incident: ConnectionIncident): Promise<void> {
  const mailer = ctx.mailer;
  if (!mailer) return;
  const admins = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.profile, "admin"), eq(users.isDeleted, false)));
  if (admins.length === 0) return;
  const language = await installLanguage(ctx);
  const link = ctx.config.PUBLIC_URL ? new URL("/connections", ctx.config.PUBLIC_URL).toString() : null;
  for (const admin of admins) {
    // One admin's refused address does not keep the others uninformed.
    try {
      await mailer.send(incidentMail(kind, admin.email, language, { appTitle: ctx.config.APP_TITLE, incident, link }));
    } catch (error) {
      ctx.log.warn({ err: error, incidentId: incident.id, kind }, "could not e-mail an admin about a connection");
    }
  }
}

/**
 * E-mail to every admin when a connection is alerted as down and when it recovers (issue 31),
 * when SMTP is set (ctx.mailer). The watch publishes each once across instances; a crash between
 * its commit and the send loses that mail — the banner and the push still tell (docs/decisions/0087).
 */
export function listenWithIncidentMail(events: DomainEvents, ctx: AppContext): void {
  events.on("connection.alerted", "incident-mail", ({ incident }) => mailAdmins(ctx, "alerted", incident));
  events.on("connection.recovered", "incident-mail", ({ incident }) => mailAdmins(ctx, "recovered", incident));
}
