import { Mp3Encoder } from "@breezystack/lamejs";

/** Spec §2/§9: recordings are sent as MP3 at 128 kbps. */
export const audioBitrateKbps = 128;
/** A rate every MP3 encoder takes; decoding resamples the recording to it. */
export const audioSampleRate = 44_100;
const samplesPerFrame = 1152;

/** Web Audio's float samples (-1…1) as the 16-bit integers the encoder reads. */
export function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let index = 0; index < samples.length; index++) {
    const value = Math.max(-1, Math.min(1, samples[index] ?? 0));
    out[index] = value < 0 ? value * 0x8000 : value * 0x7fff;
  }
  return out;
}

/** Encodes mono PCM as MP3 (audio/mpeg). */
export function encodeMp3(samples: Float32Array, sampleRate: number = audioSampleRate): Blob {
  const encoder = new Mp3Encoder(1, sampleRate, audioBitrateKbps);
  const pcm = toInt16(samples);
  const parts: BlobPart[] = [];
  for (let at = 0; at < pcm.length; at += samplesPerFrame) {
    const frame = encoder.encodeBuffer(pcm.subarray(at, at + samplesPerFrame));
    if (frame.length > 0) parts.push(new Uint8Array(frame));
  }
  const tail = encoder.flush();
  if (tail.length > 0) parts.push(new Uint8Array(tail));
  return new Blob(parts, { type: "audio/mpeg" });
}

/** Decodes what MediaRecorder produced (WebM/Ogg/MP4) and re-encodes it as MP3. */
export async function recordingToMp3(recording: Blob): Promise<Blob> {
  const context = new AudioContext({ sampleRate: audioSampleRate });
  try {
    const buffer = await context.decodeAudioData(await recording.arrayBuffer());
    return encodeMp3(buffer.getChannelData(0), buffer.sampleRate);
  } finally {
    void context.close();
  }
}
