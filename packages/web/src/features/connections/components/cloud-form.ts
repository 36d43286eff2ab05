import type { CloudSettingsInput, Connection } from "@atendo/contracts";
import { z } from "zod";

/**
 * The WhatsApp Cloud API settings in the connection form (issue 32): flat strings while typed,
 * sent as the contract's `cloud` object for this kind only. A saved connection's secrets come
 * back as "set or not", never their value: their fields start empty and an empty one keeps the
 * stored secret (decision 0088), while a new connection needs all three.
 */
export const cloudFormShape = z.object({
  isNew: z.boolean(),
  phoneNumberId: z.string().trim(),
  businessAccountId: z.string().trim(),
  accessToken: z.string().trim().max(1000),
  appSecret: z.string().trim().max(1000),
  verifyToken: z.string().trim().max(200),
});

/** The fields' checks, which apply only while the kind is `whatsapp_cloud`. */
export const cloudFormField = cloudFormShape.superRefine((cloud, issues) => {
    for (const key of ["phoneNumberId", "businessAccountId"] as const) {
      if (!/^\d{1,32}$/.test(cloud[key])) issues.addIssue({ code: "custom", path: [key], message: "digits" });
    }
    for (const key of ["accessToken", "appSecret", "verifyToken"] as const) {
      if (cloud.isNew && cloud[key] === "") issues.addIssue({ code: "custom", path: [key], message: "required" });
    }
    if (cloud.verifyToken !== "" && cloud.verifyToken.length < 8) issues.addIssue({ code: "custom", path: ["verifyToken"], message: "short" });
  });
export type CloudFormValues = z.output<typeof cloudFormShape>;

export function cloudFormDefaults(connection: Connection | undefined): CloudFormValues {
  return {
    isNew: !connection,
    phoneNumberId: connection?.cloud?.phoneNumberId ?? "",
    businessAccountId: connection?.cloud?.businessAccountId ?? "",
    accessToken: "",
    appSecret: "",
    verifyToken: "",
  };
}

/** What the form sends as `cloud`: the ids, and each secret typed (an empty one is left out: kept). */
export function cloudToSend({ isNew: _isNew, accessToken, appSecret, verifyToken, ...ids }: CloudFormValues): CloudSettingsInput {
  const given = Object.fromEntries(Object.entries({ accessToken, appSecret, verifyToken }).filter(([, value]) => value !== ""));
  return { ...ids, ...given } as CloudSettingsInput;
}
