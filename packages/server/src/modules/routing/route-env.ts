import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { ConnectionRow } from "../connections/connection.presenter.js";
import { databaseRouteLoader } from "./route-loader.js";
import type { RouteEnv } from "./walk.js";

/** Routing's view of a connection, on `db` (the caller's transaction), at `now`. */
export function routeEnv(ctx: AppContext, db: Db, connection: ConnectionRow, now: Date): RouteEnv {
  return {
    loader: databaseRouteLoader(db),
    now,
    timeZone: ctx.config.TIME_ZONE,
    style: { language: ctx.config.CUSTOMER_LANGUAGE, closeCode: connection.canCloseTicketByMessage ? connection.closeCode : null },
    log: ctx.log,
  };
}
