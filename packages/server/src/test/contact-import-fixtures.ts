import type { ContactImport, OngoingImportResponse } from "@atendo/contracts";
import { multipart } from "./media-samples.js";
import type { TestServer } from "./harness.js";
import { waitFor } from "./wait-for.js";
import { parseCsv } from "../core/csv.js";

export interface ImportUpload {
  csv: string | Buffer;
  templateType?: string;
  language?: string;
  fileName?: string;
}

/** POST /contact-import as the web sends it (fields first, then the file). */
export function postImport(server: TestServer, token: string | undefined, upload: ImportUpload) {
  const fields = [
    ...(upload.templateType === undefined ? [] : [{ name: "templateType", value: upload.templateType }]),
    ...(upload.language === undefined ? [] : [{ name: "language", value: upload.language }]),
  ];
  const file = typeof upload.csv === "string" ? Buffer.from(upload.csv, "utf8") : upload.csv;
  const { payload, headers } = multipart([...fields, { name: "csv", file, fileName: upload.fileName ?? "contacts.csv", type: "text/csv" }]);
  return server.request({ method: "POST", url: "/api/contact-import", token, payload, headers });
}

export async function ongoing(server: TestServer, token: string): Promise<ContactImport | null> {
  const response = await server.request({ method: "GET", url: "/api/contact-import/ongoing", token });
  return (response.json() as OngoingImportResponse).import;
}

/** Starts an import and waits until it has ended (finished or failed); answers the ended import. */
export async function importAndWait(server: TestServer, token: string, upload: ImportUpload): Promise<ContactImport> {
  const response = await postImport(server, token, upload);
  if (response.statusCode !== 202) throw new Error(`import refused: ${response.body}`);
  const started = (response.json() as { import: ContactImport }).import;
  let ended: ContactImport | null = null;
  await waitFor(async () => {
    const current = await ongoing(server, token);
    ended = current?.id === started.id && current.status !== "running" ? current : null;
    return ended !== null;
  }, `import ${started.id} to end`);
  return ended as unknown as ContactImport;
}

/** The failed-rows CSV as rows of cells, read back by the import's own CSV reader. */
export async function failureRows(server: TestServer, token: string, id: number, language?: string): Promise<string[][]> {
  const url = `/api/contact-import/${id}/failures${language ? `?language=${language}` : ""}`;
  const response = await server.request({ method: "GET", url, token });
  if (response.statusCode !== 200) throw new Error(`failures refused: ${response.body}`);
  if (!response.body.startsWith("\uFEFF")) throw new Error("the failed-rows CSV has no byte order mark");
  const { header, rows } = await parseCsv(response.body.slice(1));
  return [header, ...rows.map((row) => row.cells)];
}

/** An Atendo-template CSV of `count` contacts with distinct numbers from `first` on. */
export function atendoCsv(count: number, first = 5511900000000): string {
  const lines = ["name,number,email,Plan"];
  for (let i = 0; i < count; i++) lines.push(`Contact ${i},${first + i},c${i}@example.com,Gold`);
  return `${lines.join("\n")}\n`;
}

/** A hold the import runner waits on before a given batch, until the test releases it or the server stops. */
export function batchGate(atBatch: number) {
  let release = () => {};
  let reached = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  return {
    beforeBatch: async (batch: number, stop: AbortSignal) => {
      if (batch !== atBatch) return;
      reached();
      await new Promise<void>((resolve) => {
        void released.then(resolve);
        if (stop.aborted) resolve();
        stop.addEventListener("abort", () => resolve(), { once: true });
      });
    },
    /** Resolves once the runner waits at the gate. */
    arrived,
    release: () => release(),
  };
}
