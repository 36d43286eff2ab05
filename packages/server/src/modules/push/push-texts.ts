import type { ConnectionIncident, Language, Mention, Message, MessageMediaType, SlaTarget } from "@atendo/contracts";

/** How a message without text reads in a notification, per language of the subscribed browser. */
const mediaLabels: Record<Language, Record<Exclude<MessageMediaType, "chat" | "chat-automatic">, string>> = {
  en: { image: "📷 Photo", audio: "🎤 Audio", video: "🎥 Video", document: "📄 Document", sticker: "Sticker", location: "📍 Location", vcard: "👤 Contact" },
  pt: { image: "📷 Foto", audio: "🎤 Áudio", video: "🎥 Vídeo", document: "📄 Documento", sticker: "Figurinha", location: "📍 Localização", vcard: "👤 Contato" },
  es: { image: "📷 Foto", audio: "🎤 Audio", video: "🎥 Video", document: "📄 Documento", sticker: "Sticker", location: "📍 Ubicación", vcard: "👤 Contacto" },
};

/** Long enough to read on a lock screen, short enough for every push service's payload limit. */
const previewChars = 140;

/** The notification's body: the text, or the media's label and its caption. */
export function messagePreview(message: Pick<Message, "body" | "mediaType">, language: Language): string {
  const text = message.body.replace(/\s+/g, " ").trim();
  const label = message.mediaType === "chat" || message.mediaType === "chat-automatic" ? "" : mediaLabels[language][message.mediaType];
  // Location and contact cards carry data in the body, not a caption: the label alone says it.
  const caption = message.mediaType === "location" || message.mediaType === "vcard" ? "" : text;
  const preview = [label, caption].filter(Boolean).join(" ");
  return preview.length > previewChars ? `${preview.slice(0, previewChars - 1)}…` : preview;
}

const mentionedBy: Record<Language, (author: string, contact: string) => string> = {
  en: (author, contact) => `${author} mentioned you · ${contact}`,
  pt: (author, contact) => `${author} mencionou você · ${contact}`,
  es: (author, contact) => `${author} te mencionó · ${contact}`,
};
const someone: Record<Language, string> = { en: "Someone", pt: "Alguém", es: "Alguien" };

/** A mention's notification title: who mentioned the user, in which conversation. */
export function mentionTitle(mention: Pick<Mention, "author" | "contactName" | "ticketId">, language: Language): string {
  return mentionedBy[language](mention.author?.name ?? someone[language], mention.contactName ?? `#${mention.ticketId}`);
}

const slaBreachTitles: Record<Language, Record<SlaTarget, string>> = {
  en: { firstResponse: "First response target missed", resolution: "Resolution target missed" },
  pt: { firstResponse: "Meta de primeira resposta estourada", resolution: "Meta de resolução estourada" },
  es: { firstResponse: "Objetivo de primera respuesta incumplido", resolution: "Objetivo de resolución incumplido" },
};

/** A missed SLA target's notification title (issue 30). */
export function slaBreachTitle(target: SlaTarget, language: Language): string {
  return slaBreachTitles[language][target];
}

const incidentTitles: Record<Language, Record<"alerted" | "recovered", (name: string) => string>> = {
  en: { alerted: (name) => `Connection ${name} is down`, recovered: (name) => `Connection ${name} is back` },
  pt: { alerted: (name) => `A conexão ${name} caiu`, recovered: (name) => `A conexão ${name} voltou` },
  es: { alerted: (name) => `La conexión ${name} se cayó`, recovered: (name) => `La conexión ${name} volvió` },
};
const incidentBodies: Record<Language, Record<"alerted" | "recovered", string>> = {
  en: { alerted: "Customers cannot reach you on it. Open the connections page.", recovered: "It is connected again." },
  pt: { alerted: "Os clientes não conseguem falar com você por ela. Abra a página de conexões.", recovered: "Ela está conectada de novo." },
  es: { alerted: "Los clientes no pueden comunicarse por ella. Abra la página de conexiones.", recovered: "Está conectada de nuevo." },
};

/** A connection incident's notification (issue 31): which connection went down, or came back. */
export function incidentNotice(kind: "alerted" | "recovered", incident: Pick<ConnectionIncident, "name">, language: Language): { title: string; body: string } {
  return { title: incidentTitles[language][kind](incident.name), body: incidentBodies[language][kind] };
}
