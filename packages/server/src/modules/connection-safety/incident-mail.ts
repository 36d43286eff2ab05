import type { ConnectionIncident, Language } from "@atendo/contracts";
import type { Mail } from "../../mailer.js";

interface MailInput {
  appTitle: string;
  incident: ConnectionIncident;
  /** Where the connections page is, when PUBLIC_URL is known. */
  link: string | null;
}

type Texts = (input: MailInput) => { subject: string; text: string };

const open: Record<Language, (link: string | null) => string> = {
  en: (link) => (link ? `\n\nConnections: ${link}\n` : "\n"),
  pt: (link) => (link ? `\n\nConexões: ${link}\n` : "\n"),
  es: (link) => (link ? `\n\nConexiones: ${link}\n` : "\n"),
};

const alerted: Record<Language, Texts> = {
  en: ({ appTitle, incident, link }) => ({
    subject: `[${appTitle}] Connection ${incident.name} is down`,
    text: `The connection ${incident.name} has not been connected since ${incident.leftAt} (UTC). Customers cannot reach you on it until it connects again: check the phone, or scan its QR code on the connections page.${open.en(link)}`,
  }),
  pt: ({ appTitle, incident, link }) => ({
    subject: `[${appTitle}] A conexão ${incident.name} caiu`,
    text: `A conexão ${incident.name} está desconectada desde ${incident.leftAt} (UTC). Os clientes não conseguem falar com você por ela até que se conecte de novo: verifique o celular ou leia o QR code na página de conexões.${open.pt(link)}`,
  }),
  es: ({ appTitle, incident, link }) => ({
    subject: `[${appTitle}] La conexión ${incident.name} se cayó`,
    text: `La conexión ${incident.name} está desconectada desde ${incident.leftAt} (UTC). Los clientes no pueden comunicarse por ella hasta que se conecte de nuevo: revise el teléfono o escanee su código QR en la página de conexiones.${open.es(link)}`,
  }),
};

const recovered: Record<Language, Texts> = {
  en: ({ appTitle, incident, link }) => ({
    subject: `[${appTitle}] Connection ${incident.name} is back`,
    text: `The connection ${incident.name} is connected again (${incident.recoveredAt ?? ""} UTC); it had been down since ${incident.leftAt}.${open.en(link)}`,
  }),
  pt: ({ appTitle, incident, link }) => ({
    subject: `[${appTitle}] A conexão ${incident.name} voltou`,
    text: `A conexão ${incident.name} está conectada de novo (${incident.recoveredAt ?? ""} UTC); estava fora desde ${incident.leftAt}.${open.pt(link)}`,
  }),
  es: ({ appTitle, incident, link }) => ({
    subject: `[${appTitle}] La conexión ${incident.name} volvió`,
    text: `La conexión ${incident.name} está conectada de nuevo (${incident.recoveredAt ?? ""} UTC); estaba caída desde ${incident.leftAt}.${open.es(link)}`,
  }),
};

/** The e-mail telling an admin that a connection is down past the threshold, or back (issue 31). */
export function incidentMail(kind: "alerted" | "recovered", to: string, language: Language, input: MailInput): Mail {
  return { to, ...(kind === "alerted" ? alerted : recovered)[language](input) };
}
