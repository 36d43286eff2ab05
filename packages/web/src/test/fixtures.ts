import type { Message, Ticket } from "@atendo/contracts";

/** Test builders: a plausible record of each contract type, with the fields a test cares about. */

const at = "2026-03-10T10:00:00.000Z";

export function aMessage(patch: Partial<Message> = {}): Message {
  const id = patch.id ?? 100;
  return {
    id,
    ticketId: 10,
    body: `m${id}`,
    fromMe: false,
    read: true,
    mediaType: "chat",
    mediaUrl: null,
    mimeType: null,
    fileName: null,
    ack: 0,
    failed: false,
    isDeleted: false,
    isEdited: false,
    isForwarded: false,
    failureReason: null,
    quotedMsg: null,
    contact: null,
    userId: null,
    createdAt: at,
    updatedAt: at,
    ...patch,
  };
}

/** A waiting ticket of queue 1 on connection 1; its contact shares its id. */
export function aTicket(patch: Partial<Ticket> = {}): Ticket {
  const id = patch.id ?? 10;
  return {
    id,
    status: "pending",
    userId: null,
    user: null,
    queueId: 1,
    queue: { id: 1, name: "Support", color: "#2196f3" },
    contactId: id,
    contact: { id, name: `Contact ${id}`, number: `55119${id}`, email: "", profilePicUrl: null, isGroup: false, extraInfo: [], tags: [], optedOut: false, optedOutAt: null, createdAt: at, updatedAt: at },
    whatsappId: 1,
    whatsapp: { id: 1, name: "Demo", label: null, kind: "api" },
    lastMessage: "hello",
    unreadMessages: 0,
    isGroup: false,
    userTicket: [],
    ura: null,
    bot: null,
    outOfHours: false,
    autoAssignedAt: null,
    tags: [],
    rating: null,
    sla: { firstResponseDueAt: null, resolutionDueAt: null, firstResponseBreached: false, resolutionBreached: false, firstResponseMinutes: null, resolutionMinutes: null, firstResponseAt: null },
    createdAt: at,
    updatedAt: at,
    ...patch,
  } as Ticket;
}
