import type { WeeklyHours } from "@atendo/contracts";
import { jsonb, text } from "drizzle-orm/pg-core";

/** Opening hours of a queue or a connection (null: always open) and the out-of-hours answer. */
export function businessHoursColumns() {
  return {
    businessHours: jsonb("business_hours").$type<WeeklyHours>(),
    outOfHoursMessage: text("out_of_hours_message").notNull().default(""),
  };
}
