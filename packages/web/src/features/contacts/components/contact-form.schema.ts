import { createContactBody, extraInfoInput, limits, updateContactBody, type Contact } from "@atendo/contracts";
import { z } from "zod";

const createNumber = createContactBody.shape.number;
const updateNumber = updateContactBody.shape.number.unwrap();

/**
 * The contact form from the contract's rules: digits only when creating, a formatted number
 * ("+55 (11) 98765-4321") accepted when editing, where the server keeps its digits (spec §5).
 */
export function contactFormSchema(mode: "create" | "edit") {
  const number = mode === "create" ? createNumber : updateNumber;
  return z.object({
    name: createContactBody.shape.name,
    number: z.string().trim().refine((value) => number.safeParse(value).success),
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
