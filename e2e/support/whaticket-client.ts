import { whaticketPath, type Message, type Ticket, type WhaticketConnection, type WhaticketConnectionSummary, type WhaticketTicketEvent } from "@atendo/contracts";
import { SpecClient, type Join, type ScreenSocket } from "./spec-client.js";

/**
 * The public Whaticket web client (canove/whaticket-community, frontend/src), built unchanged with
 * its backend URL set to `<atendo>/whaticket` (docs/compatibility.md, decision 0066): its axios
 * calls, with their paths and bodies as its components write them, and its sockets (socket.io
 * reads the URL's path as the namespace; `?token=` in the query; one socket per screen). No
 * browser: the calls and the shapes the client reads are what a journey checks.
 */
export class WhaticketClient {
  readonly http: SpecClient;

  constructor(server: string) {
    this.http = new SpecClient(`${server}${whaticketPath}`);
  }

  get me(): number {
    if (!this.http.user) throw new Error("not signed in");
    return this.http.user.id;
  }

  // useAuth: login, refresh
  login(email: string, password: string) {
    return this.http.login(email, password);
  }
  refreshToken() {
    return this.http.refreshToken();
  }

  // useTickets: the list, as the ticket tabs ask for it
  listTickets(params: Parameters<SpecClient["listTickets"]>[0]) {
    return this.http.listTickets(params);
  }
  // Ticket: `const { data } = await api.get("/tickets/" + ticketId); setContact(data.contact); setTicket(data)`
  showTicket(id: number) {
    return this.http.call<Ticket>("GET", `/tickets/${id}`);
  }
  // NewTicketModal: `api.post("/tickets", { contactId, userId: user.id, status: "open" })`, then opens `ticket.id`
  createTicket(contactId: number) {
    return this.http.call<Ticket>("POST", "/tickets", { body: { contactId, userId: this.me, status: "open" } });
  }
  // TicketListItem's accept and TicketActionButtons: `{ status, userId }`
  setStatus(id: number, status: "open" | "pending" | "closed", userId: number | null = this.me) {
    return this.http.call<Ticket>("PUT", `/tickets/${id}`, { body: { status, userId } });
  }
  // TransferTicketModal: the user picked, the queue picked, and always the connection select's value (the ticket's own)
  transfer(id: number, picked: { userId?: number; queueId?: number; whatsappId: number | null }) {
    const body: Record<string, unknown> = {};
    if (picked.userId) body.userId = picked.userId;
    if (picked.queueId) {
      body.queueId = picked.queueId;
      if (!picked.userId) Object.assign(body, { status: "pending", userId: null });
    }
    if (picked.whatsappId) body.whatsappId = picked.whatsappId;
    return this.http.call<Ticket>("PUT", `/tickets/${id}`, { body });
  }

  // MessagesList and MessageInput
  listMessages(ticketId: number) {
    return this.http.call<{ messages: Message[]; hasMore: boolean }>("GET", `/messages/${ticketId}`, { query: { pageNumber: 1 } });
  }
  sendMessage(ticketId: number, body: string) {
    return this.http.sendMessage(ticketId, body);
  }

  // useWhatsApps (every page), WhatsAppModal (`api.get(\`whatsapp/${whatsAppId}\`)`, reads `data.queues`)
  whatsApps() {
    return this.http.call<WhaticketConnection[] | WhaticketConnectionSummary[]>("GET", "/whatsapp/");
  }
  whatsApp(id: number) {
    return this.http.call<WhaticketConnection>("GET", `/whatsapp/${id}`);
  }
  // TransferTicketModal's search: `api.get("/users/", { params: { searchParam } })`, reads `data.users`
  searchUsers(searchParam: string) {
    return this.http.call<{ users: { id: number; name: string; queues?: unknown[] }[] }>("GET", "/users/", { query: { searchParam } });
  }

  /** A screen's socket: `openSocket()` on the backend URL with `?token=`, then the screen's join. */
  openScreen(joins: Join[]): Promise<ScreenSocket> {
    return this.http.openScreen(joins);
  }
}

/**
 * A ticket list of that client (TicketsList's reducer and socket handlers, for one status tab of
 * one user without "show all"): what it shows after each event it hears.
 */
export class WhaticketTicketList {
  readonly tickets: Ticket[] = [];

  constructor(
    private readonly userId: number,
    private readonly queueIds: number[],
    screen: ScreenSocket,
  ) {
    screen.socket.on("ticket", (event: WhaticketTicketEvent) => this.onTicket(event));
    screen.socket.on("appMessage", (event: { action: string; ticket?: Ticket }) => {
      if (event.action === "create" && event.ticket && this.mine(event.ticket)) this.upsert(event.ticket, true);
    });
  }

  ids(): number[] {
    return this.tickets.map((t) => t.id);
  }

  private mine(ticket: Ticket): boolean {
    return (!ticket.userId || ticket.userId === this.userId) && (!ticket.queueId || this.queueIds.includes(ticket.queueId));
  }

  private onTicket(event: WhaticketTicketEvent): void {
    if (event.action === "update" && this.mine(event.ticket)) this.upsert(event.ticket, false);
    if (event.action === "update" && event.ticket.queueId && !this.queueIds.includes(event.ticket.queueId)) this.drop(event.ticket.id);
    if (event.action === "delete") this.drop(event.ticketId);
  }

  private upsert(ticket: Ticket, toTop: boolean): void {
    const index = this.tickets.findIndex((t) => t.id === ticket.id);
    if (index !== -1) this.tickets.splice(index, 1);
    if (index !== -1 && !toTop) this.tickets.splice(index, 0, ticket);
    else this.tickets.unshift(ticket);
  }

  private drop(id: number): void {
    const index = this.tickets.findIndex((t) => t.id === id);
    if (index !== -1) this.tickets.splice(index, 1);
  }
}
