import { limits } from "@atendo/contracts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { toast } from "../../../lib/toast";

export type RecorderPhase = "idle" | "recording" | "encoding";

interface Recording {
  recorder: MediaRecorder;
  stream: MediaStream;
  chunks: Blob[];
  /** Whether stopping sends (true) or throws the recording away (false). */
  keep: boolean;
}

/** The i18n key explaining why the microphone could not be used (spec §8: shown to the user). */
function microphoneError(error: unknown): string {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "messages.recorder.denied";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "messages.recorder.missing";
  return "messages.recorder.failed";
}

/**
 * Audio messages (spec §2): idle → recording (with elapsed seconds) → encoding to MP3 128 kbps →
 * `onRecorded(file)`; or cancelled. Files under `limits.audioMinBytes` are discarded with a notice.
 */
export function useAudioRecorder(onRecorded: (file: File) => void) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<RecorderPhase>("idle");
  const [startedAt, setStartedAt] = useState(0);
  const [now, setNow] = useState(0);
  const current = useRef<Recording | null>(null);
  const deliver = useRef(onRecorded);
  useEffect(() => {
    deliver.current = onRecorded;
  });

  useEffect(() => {
    if (phase !== "recording") return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [phase]);

  // Leaving the ticket while recording releases the microphone and drops the recording.
  useEffect(
    () => () => {
      const recording = current.current;
      if (!recording) return;
      recording.keep = false;
      if (recording.recorder.state !== "inactive") recording.recorder.stop();
      for (const track of recording.stream.getTracks()) track.stop();
    },
    [],
  );

  const finish = async (recording: Recording) => {
    for (const track of recording.stream.getTracks()) track.stop();
    current.current = null;
    if (!recording.keep) {
      setPhase("idle");
      return;
    }
    setPhase("encoding");
    try {
      // The encoder is loaded on first use: most sessions never record.
      const { recordingToMp3 } = await import("../lib/mp3-encode");
      const mp3 = await recordingToMp3(new Blob(recording.chunks, { type: recording.recorder.mimeType }));
      if (mp3.size < limits.audioMinBytes) toast.warning(t("messages.recorder.tooShort"));
      else deliver.current(new File([mp3], `${Date.now()}.mp3`, { type: "audio/mpeg" }));
    } catch {
      toast.error(t("messages.recorder.failed"));
    } finally {
      setPhase("idle");
    }
  };

  const start = async () => {
    if (phase !== "idle") return;
    try {
      if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === "undefined") throw new DOMException("", "NotSupportedError");
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const recorder = new MediaRecorder(stream);
      const recording: Recording = { recorder, stream, chunks: [], keep: true };
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) recording.chunks.push(event.data);
      };
      recorder.onstop = () => void finish(recording);
      current.current = recording;
      recorder.start();
      const time = Date.now();
      setStartedAt(time);
      setNow(time);
      setPhase("recording");
    } catch (error) {
      toast.error(t(microphoneError(error)));
    }
  };

  const stop = (keep: boolean) => {
    const recording = current.current;
    if (!recording || recording.recorder.state === "inactive") return;
    recording.keep = keep;
    recording.recorder.stop();
  };

  return {
    phase,
    seconds: phase === "recording" ? (now - startedAt) / 1000 : 0,
    start: () => void start(),
    send: () => stop(true),
    cancel: () => stop(false),
  };
}
