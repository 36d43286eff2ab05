import { feedbackTypes } from "@atendo/contracts";
import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, linkId, serialId, timestamptz, updatedAt } from "./columns.js";
import { users } from "./users.js";

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * Server-generated values shared by every instance: secrets (never exposed by the API) and the
 * install's identity (`install`, its Redis namespace).
 */
export const appSecrets = pgTable("app_secrets", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

export const feedbacks = pgTable("feedbacks", {
  id: serialId(),
  userId: linkId("user_id", () => users.id),
  name: text("name").notNull(),
  type: text("type", { enum: feedbackTypes }).notNull(),
  message: text("message").notNull(),
  mailedAt: timestamptz("mailed_at"),
  createdAt: createdAt(),
});
