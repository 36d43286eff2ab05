import { contactNumberOf, createContactBody, extraInfoInput, limits, type Contact } from "@atendo/contracts";
import { z } from "zod";

/**
 * The contact form from the contract's rules: a number as people type it ("+55 (11) 98765-4321"),
 * when creating as when editing, read as the server and the import read it (contactNumberOf); the
 * server keeps its digits (spec §5, docs/decisions/0069).
 */
export function contactFormSchema() {
  return z.object({
    name: createContactBody.shape.name,
    number: z.string().trim().refine((value) => contactNumberOf(value) !== null),
    email: createContactBody.shape.email,
    extraInfo: z.array(extraInfoInput).max(limits.contactExtraInfo.maxItems),
  });
}

export type ContactFormInput = z.input<ReturnType<typeof contactFormSchema>>;
export type ContactFormValues = z.output<ReturnType<typeof contactFormSchema>>;

export function contactFormDefaults(contact?: Contact): ContactFormInput {
  return {
    name: contact?.name ?? "",
    number: contact?.number ?? "",
    email: contact?.email ?? "",
    extraInfo: contact?.extraInfo.map(({ id, name, value }) => ({ id, name, value })) ?? [],
  };
}
