// bench:ingest's URA case (issue 13): every new conversation walks a two-level menu through the
// routing engine. Each customer sends their first message (ticket created, main menu sent),
// answers "1" (sub-menu sent), answers "1" again (queue reached, greeting sent), each step
// posted only once the previous one answered; once every customer is in the queue, each sends
// one more message (the steady path after routing). BENCH_CONCURRENCY customers are under way at
// once, BENCH_CONTACTS customers in all (numbers of their own, not the plain case's).
import { adminSocket, apiConnection, listen, pool, timed, type AdminSession, type AppMessageEvent } from "./support/server-api.js";
import { ratio, summarise, type LatencySummary } from "./support/stats.js";

const texts = { mainMenu: "Bench main menu: choose an option", subMenu: "Bench sub-menu: choose an option", greeting: "Bench queue: an attendant will answer you" };
const steadyBody = "Where is my order?";

export const uraSteps = ["firstMessage", "menuAnswer", "subMenuAnswer", "steadyAfterRouting"] as const;
type Step = (typeof uraSteps)[number];
const stepBodies: Record<Step, (customer: number) => string> = {
  firstMessage: (customer) => `Hello, this is customer ${customer}`,
  menuAnswer: () => "1",
  subMenuAnswer: () => "1",
  steadyAfterRouting: (customer) => `${steadyBody} (${customer})`,
};

/**
 * The step whose end an admin's socket just heard: what the server says last for it (the main
 * menu, the sub-menu, the greeting) or, after routing, the customer's message itself.
 */
function stepHeard({ message }: AppMessageEvent): Step | undefined {
  if (!message.fromMe) return message.body.startsWith(steadyBody) ? "steadyAfterRouting" : undefined;
  if (message.body.startsWith(texts.mainMenu)) return "firstMessage";
  if (message.body.startsWith(texts.subMenu)) return "menuAnswer";
  return message.body === texts.greeting ? "subMenuAnswer" : undefined;
}

interface Phase {
  messages: number;
  seconds: number;
  msgsPerSecond: number;
}

function phase(messages: number, seconds: number): Phase {
  return { messages, seconds: Math.round(seconds * 100) / 100, msgsPerSecond: Math.round(messages / seconds) };
}

export interface UraResult {
  customers: number;
  concurrency: number;
  /** The three menu steps of every customer, interleaved across customers. */
  walk: Phase;
  /** One message per customer once all are in the queue. */
  steady: Phase;
  overall: Phase;
  /** Answers that came back with another ticket than the customer's first message (should be 0). */
  ticketChanges: number;
  /** Per step: the POST round trip, and from just before the POST to the admin's socket hearing the step's end. */
  steps: Record<Step, { roundTrip: LatencySummary; toSocket: LatencySummary }>;
}

/** Creates the queue, the two menus and the connection through the admin API, then runs the customers. */
export async function measureUra(admin: AdminSession, customers: number, concurrency: number): Promise<UraResult> {
  const queue = await admin.post<{ id: number }>("/api/queue", { name: "Bench URA", color: "#2196F3", greetingMessage: texts.greeting });
  const toQueue = { destinationType: "queue", destinationTypeId: queue.id };
  const subMenu = await admin.post<{ id: number }>("/api/uras", {
    name: "Bench sub-menu",
    description: texts.subMenu,
    uraItems: [
      { selector: "1", menuName: "Talk to the team", ...toQueue },
      { selector: "2", menuName: "Anything else", ...toQueue },
    ],
  });
  const mainMenu = await admin.post<{ id: number }>("/api/uras", {
    name: "Bench main menu",
    description: texts.mainMenu,
    uraItems: [
      { selector: "1", menuName: "Orders", destinationType: "uras", destinationTypeId: subMenu.id },
      { selector: "2", menuName: "Anything else", ...toQueue },
    ],
  });
  const post = await apiConnection(admin, "Bench URA API", { type: "uras", id: mainMenu.id });

  const sentAt = uraSteps.map(() => new Float64Array(customers));
  const roundTrips = uraSteps.map((): number[] => []);
  const ticketOf = new Int32Array(customers);
  let ticketChanges = 0;
  const heardAt = new Map<string, number>();
  const socket = await adminSocket(admin);
  const allHeard = listen(
    socket,
    (event) => {
      const step = event.action === "create" ? stepHeard(event) : undefined;
      if (step) heardAt.set(`${step}:${event.message.ticketId}`, performance.now());
    },
    () => heardAt.size === customers * uraSteps.length,
  );
  const send = async (customer: number, step: number) => {
    sentAt[step]![customer] = performance.now();
    const body = stepBodies[uraSteps[step]!](customer);
    const number = `5521${900_000_000 + customer}`;
    const { ticketId } = await timed(roundTrips[step]!, () => post({ externalId: `ura-${customer}-${step}`, number, name: `URA customer ${customer}`, body }));
    if (step === 0) ticketOf[customer] = ticketId;
    else if (ticketOf[customer] !== ticketId) ticketChanges++;
  };

  const walkSeconds = await pool(customers, concurrency, async (customer) => {
    for (let step = 0; step < 3; step++) await send(customer, step);
  });
  const steadySeconds = await pool(customers, concurrency, (customer) => send(customer, 3));
  await allHeard();
  socket.close();

  const toSocket = (step: number) => {
    const samples: number[] = [];
    for (let customer = 0; customer < customers; customer++) {
      const at = heardAt.get(`${uraSteps[step]}:${ticketOf[customer]}`);
      if (at !== undefined) samples.push(at - sentAt[step]![customer]!);
    }
    return summarise(samples);
  };
  return {
    customers,
    concurrency,
    walk: phase(customers * 3, walkSeconds),
    steady: phase(customers, steadySeconds),
    overall: phase(customers * uraSteps.length, walkSeconds + steadySeconds),
    ticketChanges,
    steps: Object.fromEntries(uraSteps.map((step, i) => [step, { roundTrip: summarise(roundTrips[i]!), toSocket: toSocket(i) }])) as UraResult["steps"],
  };
}

/** The plain case's POST round trips and steady rate, measured in the same run. */
export interface PlainFigures {
  ticketCreation: LatencySummary;
  steadyState: LatencySummary & { msgsPerSecond: number };
}

/** What compareWithPlain divides, as the table says it. */
const comparisons = {
  steadyPostP99: "steady after routing / plain steady, POST p99",
  steadyPostP50: "steady after routing / plain steady, POST p50",
  steadyMsgsPerSecond: "steady after routing / plain steady, msgs/s",
  firstMessagePostP99: "first message (menu sent) / plain new ticket, POST p99",
};
export type VsPlain = Record<keyof typeof comparisons, number>;

/** The URA case's figures over the plain case's of the same run (1: routing costs nothing). */
export function compareWithPlain(ura: UraResult, plain: PlainFigures): VsPlain {
  const { steadyAfterRouting, firstMessage } = ura.steps;
  return {
    steadyPostP99: ratio(steadyAfterRouting.roundTrip.p99, plain.steadyState.p99),
    steadyPostP50: ratio(steadyAfterRouting.roundTrip.p50, plain.steadyState.p50),
    steadyMsgsPerSecond: ratio(ura.steady.msgsPerSecond, plain.steadyState.msgsPerSecond),
    firstMessagePostP99: ratio(firstMessage.roundTrip.p99, plain.ticketCreation.p99),
  };
}

export function printUra(ura: UraResult, vsPlain: VsPlain): void {
  console.log(`\nURA case: ${ura.customers} customers, ${ura.concurrency} under way at once`);
  console.table({ walk: ura.walk, steadyAfterRouting: ura.steady, overall: ura.overall });
  if (ura.ticketChanges > 0) console.log(`⚠ ${ura.ticketChanges} answers landed on another ticket than the customer's first message`);
  console.log("per step, ms: POST round trip, and to the admin's socket hearing the step's end (menu, sub-menu, greeting, the message)");
  console.table(
    Object.fromEntries(
      Object.entries(ura.steps).map(([step, { roundTrip, toSocket }]) => [
        step,
        { "POST p50": roundTrip.p50, "POST p99": roundTrip.p99, "socket p50": toSocket.p50, "socket p99": toSocket.p99, heard: toSocket.count },
      ]),
    ),
  );
  console.log("URA case / plain case, same run");
  console.table(Object.fromEntries(Object.entries(comparisons).map(([key, label]) => [label, vsPlain[key as keyof VsPlain]])));
}
