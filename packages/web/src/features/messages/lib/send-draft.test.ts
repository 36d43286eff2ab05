import { describe, expect, it } from "vitest";
import { sendDraft, type DraftCalls } from "./send-draft";

function recorder() {
  const calls: string[] = [];
  const api: DraftCalls<string> = {
    text: (body, quotedId) => {
      calls.push(`text ${body} quoting ${quotedId}`);
      return Promise.resolve([`t:${body}`]);
    },
    files: (batch, caption) => {
      calls.push(`files ${batch.length} caption ${caption}`);
      return Promise.resolve(batch.map((file) => `f:${file.name}`));
    },
  };
  return { calls, api };
}

const files = (count: number) => Array.from({ length: count }, (_, index) => new File(["x"], `${index}.png`, { type: "image/png" }));

describe("sendDraft", () => {
  it("puts the text as the first file's caption when nothing is quoted, 10 files a request", async () => {
    const { calls, api } = recorder();
    const kept: string[] = [];
    const sent = await sendDraft({ text: "label", files: files(12), quotedId: null }, api, (messages) => kept.push(...messages));
    expect(calls).toEqual(["files 10 caption label", "files 2 caption null"]);
    expect(sent).toHaveLength(12);
    expect(kept).toEqual(sent);
  });

  it("sends a reply's text first, as JSON with the quote, then the files", async () => {
    const { calls, api } = recorder();
    await sendDraft({ text: "see this", files: files(1), quotedId: 7 }, api, () => undefined);
    expect(calls).toEqual(["text see this quoting 7", "files 1 caption null"]);
  });

  it("sends text alone, and files alone", async () => {
    const { calls, api } = recorder();
    await sendDraft({ text: "hi", files: [], quotedId: null }, api, () => undefined);
    await sendDraft({ text: null, files: files(1), quotedId: 3 }, api, () => undefined);
    expect(calls).toEqual(["text hi quoting null", "files 1 caption null"]);
  });
});
