import { inBatches } from "./attachment-checks";

export interface OutgoingDraft {
  /** Text ready to go (signed for tickets); null when only files go. */
  text: string | null;
  files: readonly File[];
  /** The message answered, if any. */
  quotedId: number | null;
}

/** The two calls a conversation offers (tickets and internal chats alike, spec §7). */
export interface DraftCalls<M> {
  text(body: string, quotedId: number | null): Promise<readonly M[]>;
  files(batch: readonly File[], caption: string | null): Promise<readonly M[]>;
}

/**
 * Sends what a composer holds. A reply's text goes first as JSON (only JSON carries the quote),
 * then the files, at most 10 a request; without a quote the text is the first file's caption
 * (docs/decisions/0028). `keep` gets each answer at once, so the list shows it before the rest goes.
 */
export async function sendDraft<M>({ text, files, quotedId }: OutgoingDraft, calls: DraftCalls<M>, keep: (messages: readonly M[]) => void): Promise<M[]> {
  const sent: M[] = [];
  const store = (messages: readonly M[]) => {
    sent.push(...messages);
    keep(messages);
  };
  const captionOnFiles = files.length > 0 && quotedId === null;
  if (text && !captionOnFiles) store(await calls.text(text, quotedId));
  for (const [index, batch] of inBatches(files).entries()) {
    store(await calls.files(batch, captionOnFiles && index === 0 ? text : null));
  }
  return sent;
}
