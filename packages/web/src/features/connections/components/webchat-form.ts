import { preChatModes, queueColor, webOrigin, type Connection, type ConnectionKind, type WebchatSettingsInput } from "@atendo/contracts";
import { z } from "zod";

/** The website widget's settings in the connection form (issue 32): the allowed origins typed one per line. */
export const webchatFormField = z.object({
  allowedOrigins: z.string().max(5000),
  color: queueColor,
  title: z.string().trim().max(60),
  greeting: z.string().trim().max(500),
  preChat: z.object({ name: z.enum(preChatModes), email: z.enum(preChatModes), phone: z.enum(preChatModes) }),
});
export type WebchatFormValue = z.input<typeof webchatFormField>;

const originList = z.array(webOrigin).min(1).max(20);

/** The origins typed (one per line, or separated by commas or spaces), normalised; null when any is not an origin. */
export function parseOrigins(text: string): string[] | null {
  const parsed = originList.safeParse(text.split(/[\s,]+/).filter(Boolean));
  return parsed.success ? [...new Set(parsed.data)] : null;
}

export function webchatFormValues(connection: Connection | undefined): WebchatFormValue {
  const settings = connection?.webchat;
  return {
    allowedOrigins: settings?.allowedOrigins.join("\n") ?? "",
    color: settings?.color.toUpperCase() ?? "#1976D2",
    title: settings?.title ?? "",
    greeting: settings?.greeting ?? "",
    preChat: settings?.preChat ?? { name: "optional", email: "off", phone: "off" },
  };
}

/** Whether the widget's fields are complete: only a webchat connection needs them. */
export const webchatValid = (kind: ConnectionKind, value: z.output<typeof webchatFormField>) => kind !== "webchat" || parseOrigins(value.allowedOrigins) !== null;

/** The contract's `webchat` settings for a webchat connection; nothing for any other kind. */
export function webchatToSend(kind: ConnectionKind, value: z.output<typeof webchatFormField>): WebchatSettingsInput | undefined {
  if (kind !== "webchat") return undefined;
  return { ...value, allowedOrigins: parseOrigins(value.allowedOrigins) ?? [] };
}

/** The snippet a site pastes before `</body>`. */
export const embedSnippet = (origin: string, widgetKey: string) => `<script src="${origin}/widget.js" data-atendo="${widgetKey}" async></script>`;
