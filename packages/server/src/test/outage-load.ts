/**
 * Steady traffic on a spawned Atendo while its database goes away and comes back (the database
 * outage tests): customers' messages on an API connection, each retried under its external id
 * until acknowledged (as an integrator's sender does after a 503), and an agent's authenticated
 * reads. Every answer is sorted: a success, the outage's 503 ERR_DATABASE_UNAVAILABLE, or
 * anything else (a 500, another code, a request left unanswered past the bound, a dropped socket).
 */

/** Longest a request may go unanswered, the outage included (the pool's connect bound is 15 s). */
const ANSWER_BOUND_MS = 25_000;
/** A sender's pause after a 503, as a client's retry would have. */
const RETRY_PAUSE_MS = 50;

export interface OutageLoad {
  /** External ids of the messages answered 2xx. */
  readonly acknowledged: Set<string>;
  /** Successful answers so far (messages and reads). */
  successes(): number;
  /** 503 ERR_DATABASE_UNAVAILABLE answers so far. */
  outageAnswers(): number;
  /** Every other answer: what must stay empty. */
  readonly unexpected: string[];
  /** Ends the traffic once the requests in flight are answered; resolves with how many messages were sent (ids used). */
  stop(): Promise<number>;
}

export interface LoadTarget {
  baseUrl: string;
  connection: { id: number; apiToken: string };
  /** An agent's bearer token (the reads). */
  token: string;
  senders?: number;
  readers?: number;
}

export function startOutageLoad(target: LoadTarget): OutageLoad {
  const acknowledged = new Set<string>();
  const unexpected: string[] = [];
  let successes = 0;
  let outage = 0;
  let stopped = false;
  let next = 0;

  /** Sorts one answer: true for a success, false for the outage's 503. */
  async function request(what: string, url: string, init: RequestInit): Promise<boolean> {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(ANSWER_BOUND_MS) });
      const text = await response.text();
      if (response.ok) {
        successes++;
        return true;
      }
      if (response.status === 503 && (JSON.parse(text) as { error?: string }).error === "ERR_DATABASE_UNAVAILABLE") {
        outage++;
        return false;
      }
      unexpected.push(`${what}: ${response.status} ${text.slice(0, 300)}`);
    } catch (error) {
      unexpected.push(`${what}: ${(error as Error).message}`);
    }
    return false;
  }

  async function sender(): Promise<void> {
    while (!stopped) {
      const n = next++;
      const externalId = `outage-${n}`;
      const body = JSON.stringify({ externalId, from: { number: `55119${String(6000_0000 + (n % 25))}`, name: `Customer ${n % 25}` }, body: `message ${n}` });
      // The same message again until acknowledged: stored once however many times it is sent.
      while (!stopped) {
        const ok = await request(`inbound ${externalId}`, `${target.baseUrl}/api/channels/${target.connection.id}/messages`, {
          method: "POST",
          headers: { authorization: `Bearer ${target.connection.apiToken}`, "content-type": "application/json" },
          body,
        });
        if (ok) {
          acknowledged.add(externalId);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
      }
    }
  }

  async function reader(): Promise<void> {
    while (!stopped) {
      const ok = await request("GET /api/tickets", `${target.baseUrl}/api/tickets?status=pending`, { headers: { authorization: `Bearer ${target.token}` } });
      if (!ok) await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
    }
  }

  const running = Promise.all([
    ...Array.from({ length: target.senders ?? 4 }, sender),
    ...Array.from({ length: target.readers ?? 2 }, reader),
  ]);
  return {
    acknowledged,
    successes: () => successes,
    outageAnswers: () => outage,
    unexpected,
    async stop() {
      stopped = true;
      await running;
      return next;
    },
  };
}

type Query = (text: string, values: unknown[]) => Promise<{ rows: { external_id: string; copies: number }[] }>;

/**
 * The acknowledged messages the database does not hold, and every message it holds more than
 * once: both must be empty (the outage tests' "nothing acknowledged is lost, nothing doubled").
 */
export async function lostOrDoubled(query: Query, connectionId: number, acknowledged: Set<string>): Promise<{ lost: string[]; doubled: string[] }> {
  const { rows } = await query("select external_id, count(*)::int as copies from messages where connection_id = $1 group by external_id", [connectionId]);
  const stored = new Set(rows.map((row) => row.external_id));
  return { lost: [...acknowledged].filter((id) => !stored.has(id)), doubled: rows.filter((row) => row.copies !== 1).map((row) => row.external_id) };
}
