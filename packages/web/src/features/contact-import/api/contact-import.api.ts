import type { CanImportResponse, ContactImport, ContactImportTemplateType, Language, OngoingImportResponse } from "@atendo/contracts";
import { apiBlob, http } from "../../../lib/http";

const base = "/contact-import";

export function getCanImport(signal?: AbortSignal): Promise<CanImportResponse> {
  return http.get<CanImportResponse>(`${base}/can-import`, { signal });
}

/** The running import, else the latest one, else null. */
export function getOngoingImport(signal?: AbortSignal): Promise<OngoingImportResponse> {
  return http.get<OngoingImportResponse>(`${base}/ongoing`, { signal });
}

export interface StartImportInput {
  templateType: ContactImportTemplateType;
  /** The language of the file's header row. */
  language: Language;
  csv: File;
}

/** Sends the file (multipart, field `csv`); the import then runs in the server (202). */
export async function startImport({ templateType, language, csv }: StartImportInput): Promise<ContactImport> {
  const body = new FormData();
  body.append("templateType", templateType);
  body.append("language", language);
  body.append("csv", csv, csv.name);
  const answer = await http.post<{ import: ContactImport }>(base, body);
  return answer.import;
}

/** The template's header row in `language`, as a CSV file. */
export function fetchTemplate(templateType: ContactImportTemplateType, language: Language): Promise<Blob> {
  const query = new URLSearchParams({ templateType, language });
  return apiBlob(`/api${base}/download?${query.toString()}`);
}

/** The rows an import did not take (failed and repeated), each with its line and why, in `language` (CSV). */
export function fetchFailures(id: number, language: Language): Promise<Blob> {
  return apiBlob(`/api${base}/${id}/failures?${new URLSearchParams({ language }).toString()}`);
}
