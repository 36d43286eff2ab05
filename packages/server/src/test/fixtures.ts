import type { Contact, CreateContactBody, CreateQueueBody, CreateQuickAnswerBody, Queue, QuickAnswer } from "@atendo/contracts";
import type { TestServer } from "./harness.js";

let seq = 0;

/** A colour no other fixture queue of this process uses. */
export function uniqueColor(): string {
  return `#${(++seq * 7919).toString(16).toUpperCase().padStart(6, "0")}`;
}

/** POSTs a valid body and returns the created record, failing the test unless it was created. */
export async function created<T>(server: TestServer, token: string, url: string, payload: object): Promise<T> {
  const response = await server.request({ method: "POST", url, token, payload });
  if (response.statusCode !== 201) throw new Error(`POST ${url} failed: ${response.body}`);
  return response.json() as T;
}

export function createQueue(server: TestServer, token: string, input: Partial<CreateQueueBody> = {}): Promise<Queue> {
  const n = ++seq;
  return created(server, token, "/api/queue", { name: `Queue ${n}`, color: uniqueColor(), ...input });
}

export function createQuickAnswer(server: TestServer, token: string, input: Partial<CreateQuickAnswerBody> = {}): Promise<QuickAnswer> {
  const n = ++seq;
  return created(server, token, "/api/quickAnswers", { shortcut: `qa${n}`, message: `Quick answer number ${n}`, ...input });
}

export function createContact(server: TestServer, token: string, input: Partial<CreateContactBody> = {}): Promise<Contact> {
  const n = ++seq;
  // 55113…: a range no test types by hand. Files share this counter (one worker runs many files), so
  // a number written in a test (5511900000102) would once be generated for another contact.
  return created(server, token, "/api/contacts", { name: `Contact ${n}`, number: `55113${String(n).padStart(8, "0")}`, ...input });
}
