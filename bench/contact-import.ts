// Contact import (issue 15): how long 10,000 contacts take from the admin's POST /contact-import
// to the `finishedImport` event on their socket. `npm run bench:import` measures each database of
// BENCH_DATABASES in turn (default "embedded,server", see support/databases.ts). Three imports per
// database, one after the other: a file of new contacts; the same file again (every row already
// stored: all repeated); a second file of new contacts, with the first 10,000 already in the table.
import type { ContactsImportsEvent } from "@atendo/contracts";
import type { Socket } from "socket.io-client";
import { benchDatabases, startOn } from "./support/databases.js";
import { adminSocket, json, login, type AdminSession } from "./support/server-api.js";
import { ratio, writeResult } from "./support/stats.js";

const databases = benchDatabases("embedded,server");
const contactsPerFile = Number(process.env.BENCH_IMPORT_CONTACTS ?? 10_000);
const targetSeconds = 5;
const admin = { email: "bench@atendo.local", password: "bench-password" };

/** An Atendo-template file: name, number, email and one extra field per row (about 65 bytes a row). */
function csvOf(count: number, firstNumber: number): Blob {
  const lines = ["name,number,email,Customer since"];
  for (let i = 0; i < count; i++) lines.push(`Customer ${firstNumber + i},+55 ${firstNumber + i},c${firstNumber + i}@example.com,2024-0${(i % 9) + 1}-15`);
  return new Blob([`${lines.join("\n")}\n`], { type: "text/csv" });
}

interface ImportRun {
  /** From just before the POST to the `finishedImport` event on the admin's socket. */
  seconds: number;
  /** The POST alone: upload, checks, plan, the import recorded (202). */
  acceptSeconds: number;
  fileBytes: number;
  successCount: number;
  repeatedCount: number;
  failedCount: number;
  progressEvents: number;
  contactsPerSecond: number;
}

async function importOnce(session: AdminSession, socket: Socket, file: Blob): Promise<ImportRun> {
  let progressEvents = 0;
  const finished = new Promise<ContactsImportsEvent>((resolve) => {
    const onEvent = (event: ContactsImportsEvent) => {
      if (event.action === "progressEvent") progressEvents++;
      if (event.action !== "finishedImport") return;
      socket.off("ContactsImports", onEvent);
      resolve(event);
    };
    socket.on("ContactsImports", onEvent);
  });
  const body = new FormData();
  body.append("templateType", "atendo");
  body.append("language", "en");
  body.append("csv", file, "bench.csv");
  const started = performance.now();
  const response = await fetch(`${session.base}/api/contact-import`, { method: "POST", headers: { authorization: `Bearer ${session.token}` }, body });
  const acceptSeconds = (performance.now() - started) / 1000;
  if (response.status !== 202) throw new Error(`import refused: ${response.status} ${await response.text()}`);
  const event = await finished;
  const seconds = (performance.now() - started) / 1000;
  if (event.import.status !== "finished") throw new Error(`import ended ${event.import.status}: ${event.import.error}`);
  return {
    seconds: ratio(seconds, 1),
    acceptSeconds: ratio(acceptSeconds, 1),
    fileBytes: file.size,
    successCount: event.successCount,
    repeatedCount: event.repeatedCount,
    failedCount: event.failedCount,
    progressEvents,
    contactsPerSecond: Math.round(event.totalCount / seconds),
  };
}

async function measure(target: string): Promise<Record<string, ImportRun>> {
  console.log(`\n▶ ${target}`);
  const { server, cleanUp } = await startOn(target, { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  try {
    const session = await login(server.baseUrl, admin);
    const socket = await adminSocket(session);
    try {
      const first = csvOf(contactsPerFile, 5511_900_000_000);
      const runs = {
        newContacts: await importOnce(session, socket, first),
        sameFileAgain: await importOnce(session, socket, first),
        newOnTopOf10k: await importOnce(session, socket, csvOf(contactsPerFile, 5511_800_000_000)),
      };
      // The contacts list sees them all: the first page answers, the count is the database's.
      await json(await fetch(`${session.base}/api/contacts?pageNumber=1`, { headers: { authorization: `Bearer ${session.token}` } }));
      for (const [name, run] of Object.entries(runs)) {
        console.log(
          `  ${name.padEnd(14)} ${run.seconds.toFixed(2).padStart(6)} s  (POST ${run.acceptSeconds.toFixed(2)} s)  ${String(run.contactsPerSecond).padStart(6)} rows/s  ` +
            `imported ${run.successCount}, repeated ${run.repeatedCount}, failed ${run.failedCount}, ${run.progressEvents} progress events, ${Math.round(run.fileBytes / 1000)} kB`,
        );
      }
      return runs;
    } finally {
      socket.close();
    }
  } finally {
    await cleanUp();
  }
}

const results: Record<string, Record<string, ImportRun>> = {};
for (const target of databases) results[target] = await measure(target);
const worst = Math.max(...Object.values(results).flatMap((runs) => Object.values(runs).map((run) => run.seconds)));
console.log(`\nslowest import of ${contactsPerFile} rows: ${worst.toFixed(2)} s (target ≤ ${targetSeconds} s) ${worst <= targetSeconds ? "✓" : "✗"}`);
writeResult("contact-import", { contactsPerFile, targetSeconds, results });
