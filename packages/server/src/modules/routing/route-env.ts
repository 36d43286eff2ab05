import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { ConnectionRow } from "../connections/connection.presenter.js";
import { customerLanguage } from "../settings/customer-language.js";
import type { MenuStyle } from "./menu.js";
import { databaseRouteLoader, type RouteLoader } from "./route-loader.js";
import type { RouteEnv } from "./walk.js";

/** Routing's view of a connection, on `db` (the caller's transaction), at `now`; `loader` when the caller shares one (memoizedRouteLoader). */
export function routeEnv(ctx: AppContext, db: Db, connection: ConnectionRow, now: Date, loader: RouteLoader = databaseRouteLoader(db)): RouteEnv {
  let style: Promise<MenuStyle> | undefined;
  const closeCode = connection.canCloseTicketByMessage ? connection.closeCode : null;
  return {
    loader,
    now,
    timeZone: ctx.config.TIME_ZONE,
    // Read once a text to the customer is written, so a message that writes none costs nothing more.
    style: () => (style ??= customerLanguage(ctx, db).then((language) => ({ language, closeCode }))),
    log: ctx.log,
  };
}
