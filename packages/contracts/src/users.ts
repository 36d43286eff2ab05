import { z } from "zod";
import { email } from "./common.js";
import { limits } from "./limits.js";

export const profiles = ["admin", "user"] as const;
export type Profile = (typeof profiles)[number];

export const queueRef = z.object({ id: z.number(), name: z.string(), color: z.string() });

/** A user as every API response shows it (never the password hash). */
export const user = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  profile: z.enum(profiles),
  extension: z.string().nullable(),
  whatsappId: z.number().nullable(),
  whatsapp: z.object({ name: z.string() }).nullable(),
  queues: z.array(queueRef),
  canSeeAllTicketHistory: z.boolean(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof user>;

const name = z.string().trim().min(limits.name.min).max(limits.name.max);
const extension = z
  .string()
  .trim()
  .regex(/^\d*$/, "digits only")
  .refine((v) => v === "" || (v.length >= limits.extension.min && v.length <= limits.extension.max))
  .transform((v) => (v === "" ? null : v));

export const userPassword = z.string().min(limits.userPassword.min).max(limits.userPassword.max);

/** PUT /users/{id}. Fields a normal user may not change are refused by the server, not ignored. */
export const updateUserBody = z.object({
  name: name.optional(),
  email: email.optional(),
  password: userPassword.or(z.literal("")).optional(),
  profile: z.enum(profiles).optional(),
  extension: extension.nullable().optional(),
  whatsappId: z.number().int().positive().nullable().optional(),
  queueIds: z.array(z.number().int().positive()).optional(),
  isDeleted: z.boolean().optional(),
  canSeeAllTicketHistory: z.boolean().optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const createUserBody = z.object({
  name,
  email,
  password: userPassword,
  profile: z.enum(profiles).default("user"),
  extension: extension.nullable().optional(),
  whatsappId: z.number().int().positive().nullable().optional(),
  queueIds: z.array(z.number().int().positive()).default([]),
  canSeeAllTicketHistory: z.boolean().default(false),
});
export type CreateUserBody = z.input<typeof createUserBody>;
