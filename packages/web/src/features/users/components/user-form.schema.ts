import {
  createUserBody,
  idList,
  profiles,
  userPassword,
  type CreateUserBody,
  type UpdateUserBody,
  type User,
  userDefaultConnection,
  userMaxOpenTickets,
} from "@atendo/contracts";
import { z } from "zod";
import { passwordChange, requireCurrentPassword } from "./current-password";

const maxOpenTicketsText = z
  .string()
  .trim()
  .refine((value) => value === "" || (/^\d+$/.test(value) && userMaxOpenTickets.safeParse(Number(value)).success))
  .transform((value) => (value === "" ? null : Number(value)));

/**
 * The user form, built from the contract's rules. The password is required when creating and
 * optional when editing (empty keeps the current one). An admin editing their own record types
 * the current password with a new one (`self`).
 */
export function userFormSchema(mode: "create" | "edit", { self = false } = {}) {
  const schema = z.object({
    name: createUserBody.shape.name,
    email: createUserBody.shape.email,
    password: z.string().refine((value) => (mode === "edit" && value === "") || userPassword.safeParse(value).success),
    currentPassword: z.string(),
    extension: createUserBody.shape.extension,
    profile: z.enum(profiles),
    queueIds: idList,
    /** The default connection; null for none. */
    whatsappId: userDefaultConnection,
    canSeeAllTicketHistory: z.boolean(),
    /** Capacity for automatic assignment as typed: empty is unlimited (null), else a whole number in the contract's bounds. */
    maxOpenTickets: maxOpenTicketsText,
  });
  return self ? schema.superRefine(requireCurrentPassword) : schema;
}

export type UserFormInput = z.input<ReturnType<typeof userFormSchema>>;
export type UserFormValues = z.output<ReturnType<typeof userFormSchema>>;

export function userFormDefaults(user?: User): UserFormInput {
  return {
    name: user?.name ?? "",
    email: user?.email ?? "",
    password: "",
    currentPassword: "",
    extension: user?.extension ?? "",
    profile: user?.profile ?? "user",
    queueIds: user?.queues.map((queue) => queue.id) ?? [],
    whatsappId: user?.whatsappId ?? null,
    canSeeAllTicketHistory: user?.canSeeAllTicketHistory ?? false,
    maxOpenTickets: user?.maxOpenTickets?.toString() ?? "",
  };
}

/** Fields only admins may set (spec §6); the server refuses them from anyone else. */
function adminPart(values: UserFormValues, admin: boolean) {
  return admin
    ? {
        profile: values.profile,
        queueIds: values.queueIds,
        whatsappId: values.whatsappId,
        canSeeAllTicketHistory: values.canSeeAllTicketHistory,
        maxOpenTickets: values.maxOpenTickets,
      }
    : {};
}

export function createPayload(values: UserFormValues, admin: boolean): CreateUserBody {
  const { name, email, password, extension } = values;
  return { name, email, password, extension, ...adminPart(values, admin) };
}

/** PUT body; an empty password is left out so the current one stays. */
export function updatePayload(values: UserFormValues, admin: boolean): UpdateUserBody {
  const { name, email, password, currentPassword, extension } = values;
  return { name, email, extension, ...passwordChange(password, currentPassword), ...adminPart(values, admin) };
}
