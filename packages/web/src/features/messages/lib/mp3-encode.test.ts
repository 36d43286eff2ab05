import { describe, expect, it } from "vitest";
import { audioSampleRate, encodeMp3, toInt16 } from "./mp3-encode";

describe("MP3 encoding", () => {
  it("converts float samples to 16-bit, clipping what is out of range", () => {
    expect([...toInt16(new Float32Array([0, 1, -1, 2, -2, 0.5]))]).toEqual([0, 32767, -32768, 32767, -32768, 16383]);
  });

  it("writes MPEG audio frames at about 128 kbps", async () => {
    const seconds = 2;
    const samples = new Float32Array(audioSampleRate * seconds).map((_, index) => 0.4 * Math.sin((2 * Math.PI * 440 * index) / audioSampleRate));
    const mp3 = encodeMp3(samples);
    expect(mp3.type).toBe("audio/mpeg");
    const bytes = new Uint8Array(await mp3.arrayBuffer());
    // Frame sync: eleven set bits, MPEG-1 Layer III.
    expect(bytes[0]).toBe(0xff);
    expect((bytes[1] ?? 0) & 0xfe).toBe(0xfa);
    const kbps = (bytes.length * 8) / seconds / 1000;
    expect(kbps).toBeGreaterThan(120);
    expect(kbps).toBeLessThan(136);
  });
});
