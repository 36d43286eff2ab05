import { z } from "zod";

export const entityActions = ["create", "update", "delete"] as const;
export type EntityAction = (typeof entityActions)[number];

/**
 * Payload of a live event about one record (`user`, `queue`, `quickAnswer`, `contact`):
 * `{ action: "create" | "update", <name>: record }` or `{ action: "delete", <name>Id: id }`.
 * Clients upsert by id on create/update and remove by id on delete.
 */
export function entityEvent<const Name extends string, Entity extends z.ZodType>(name: Name, entity: Entity) {
  const upsert = { action: z.enum(["create", "update"]), [name]: entity } as {
    action: z.ZodEnum<{ create: "create"; update: "update" }>;
  } & { [K in Name]: Entity };
  const removal = { action: z.literal("delete"), [`${name}Id`]: z.number() } as {
    action: z.ZodLiteral<"delete">;
  } & { [K in `${Name}Id`]: z.ZodNumber };
  return z.discriminatedUnion("action", [z.object(upsert), z.object(removal)]);
}
