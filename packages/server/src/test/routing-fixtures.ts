import type {
  Announcement,
  Connection,
  CreateAnnouncementBody,
  CreateConnectionBody,
  CreateMonitoringBody,
  CreateUraBody,
  Destination,
  DestinationKind,
  MessagePage,
  Monitoring,
  Ura,
} from "@atendo/contracts";
import { createConnection } from "./channel-fixtures.js";
import { created } from "./fixtures.js";
import type { TestServer } from "./harness.js";

let seq = 0;

/** A destination, as URA rows carry it: `{...to("queue", id)}`. */
export function to(destinationType: DestinationKind, destinationTypeId: number): Destination {
  return { destinationType, destinationTypeId };
}

/** A menu with one row `1` leading to `destination`, unless `input` gives its own rows. */
export function createUra(server: TestServer, token: string, destination: Destination, input: Partial<CreateUraBody> = {}): Promise<Ura> {
  const n = ++seq;
  return created(server, token, "/api/uras", {
    name: `Menu ${n}`,
    description: "How can we help?",
    directDial: false,
    uraItems: [{ selector: "1", menuName: "Option one", ...destination }],
    ...input,
  });
}

export function createAnnouncement(server: TestServer, token: string, destination: Destination, input: Partial<CreateAnnouncementBody> = {}): Promise<Announcement> {
  const n = ++seq;
  return created(server, token, "/api/announcements", {
    name: `Announcement ${n}`,
    description: `Announcement text ${n}`,
    destinationType: destination.destinationType,
    destinationItem: destination.destinationTypeId,
    ...input,
  });
}

export function createMonitoring(server: TestServer, token: string, userId: number, input: Partial<CreateMonitoringBody> = {}): Promise<Monitoring> {
  const n = ++seq;
  return created(server, token, "/api/monitorings", { name: `Monitoring ${n}`, status: "open", userId, queueId: null, ...input });
}

/** `[selector, menuName, destination]` per row: menus as routing tests read best. */
export function menuRows(...rows: [string, string, Destination][]): Pick<CreateUraBody, "uraItems"> {
  return { uraItems: rows.map(([selector, menuName, destination]) => ({ selector, menuName, ...destination })) };
}

/** An API connection whose new conversations start at this destination. */
export function connectionTo(server: TestServer, token: string, destination: Destination, input: Partial<CreateConnectionBody> = {}): Promise<Connection> {
  return createConnection(server, token, { destinationType: destination.destinationType, destinationItem: destination.destinationTypeId, ...input });
}

/** The ticket and its messages' bodies as an admin reads them. */
export async function conversation(server: TestServer, token: string, ticketId: number) {
  const page = (await server.request({ method: "GET", url: `/api/messages/${ticketId}`, token })).json() as MessagePage;
  return { ticket: page.ticket, bodies: page.messages.map((m) => m.body), messages: page.messages };
}
