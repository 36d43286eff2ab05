import type { Language, SlaOutcome, TicketStatus } from "@atendo/contracts";

/** The CSV's words in each language (the ticket statuses as the web's ticket screens say them). */
export interface CsvLabels {
  headers: readonly [string, string, string, string, string, string, string, string, string, string, string, string, string, string];
  status: Record<TicketStatus, string>;
  /** The client of a ticket whose contact was deleted (docs/decisions/0062). */
  deletedContact: string;
  /** An SLA target's outcome (issue 30). */
  sla: Record<SlaOutcome, string>;
}

export const csvLabels: Record<Language, CsvLabels> = {
  en: {
    headers: ["Ticket", "Attendant", "Queue", "Connection", "Status", "Client name", "Client number", "Created at", "Closed at", "Labels", "Rating", "Rating comment", "First response SLA", "Resolution SLA"],
    status: { pending: "Waiting", open: "Open", closed: "Resolved" },
    deletedContact: "Deleted contact",
    sla: { met: "Within target", breached: "Breached", running: "Running" },
  },
  pt: {
    headers: ["Ticket", "Atendente", "Fila", "Conexão", "Status", "Nome do cliente", "Número do cliente", "Criado em", "Fechado em", "Etiquetas", "Avaliação", "Comentário da avaliação", "SLA de primeira resposta", "SLA de resolução"],
    status: { pending: "Aguardando", open: "Em atendimento", closed: "Resolvido" },
    deletedContact: "Contato excluído",
    sla: { met: "Dentro da meta", breached: "Estourado", running: "Em andamento" },
  },
  es: {
    headers: ["Ticket", "Agente", "Cola", "Conexión", "Estado", "Nombre del cliente", "Número del cliente", "Creado el", "Cerrado el", "Etiquetas", "Valoración", "Comentario de la valoración", "SLA de primera respuesta", "SLA de resolución"],
    status: { pending: "En espera", open: "Abierto", closed: "Resuelto" },
    deletedContact: "Contacto eliminado",
    sla: { met: "Dentro del objetivo", breached: "Incumplido", running: "En curso" },
  },
};
