// What the ticket benchmark asks for, read from the generated data so that every search matches
// rows and every ticket exists whatever BENCH_TICKETS / BENCH_MESSAGES were.
import pg from "pg";
import { ATTENDANT_ID } from "./tickets-dataset.js";

export interface Fixtures {
  attendantEmail: string;
  adminEmail: string;
  /** The attendant's open ticket with the most messages, and its size. */
  longTicket: { id: number; messages: number };
  /** The attendant's open ticket whose size is nearest a typical conversation (10 messages). */
  typicalTicket: { id: number; messages: number };
  /** Search texts: a common word, a surname, an order number (a few messages), a phone fragment. */
  searches: { word: string; surname: string; orderNumber: string; phone: string };
}

export async function readFixtures(url: string): Promise<Fixtures> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (sql: string): Promise<Record<string, string | number>> => {
      const row = (await client.query<Record<string, string | number>>(sql)).rows[0];
      if (!row) throw new Error(`the bench database has no row for: ${sql}`);
      return row;
    };
    const sizes = `select t.id, count(m.id)::int as messages from tickets t join messages m on m.ticket_id = t.id
      where t.user_id = ${ATTENDANT_ID} and t.status = 'open'`;
    const long = await one(`${sizes} group by t.id order by messages desc, t.id limit 1`);
    // A typical conversation of the attendant's (the long ones are all theirs too: skip them).
    const typical = await one(`${sizes} and t.id <> ${Number(long.id)} group by t.id order by abs(count(m.id) - 10), t.id limit 1`);
    // From the attendant's own ticket, so that the search matches for both actors.
    const order = await one(`select substring(body from 'pedido ([0-9]{6})') as n from messages
      where ticket_id = ${Number(long.id)} and body like '% pedido %' order by id desc limit 1`);
    const contact = await one(`select c.number from tickets t join contacts c on c.id = t.contact_id where t.id = ${Number(typical.id)}`);
    return {
      attendantEmail: `user${ATTENDANT_ID}@bench.local`,
      adminEmail: "admin@bench.local",
      longTicket: { id: Number(long.id), messages: Number(long.messages) },
      typicalTicket: { id: Number(typical.id), messages: Number(typical.messages) },
      searches: { word: "reembolso", surname: "Figueiredo", orderNumber: String(order.n), phone: String(contact.number).slice(-8) },
    };
  } finally {
    await client.end();
  }
}
