import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Responses smaller than this go as they are: compressing them saves less than the headers cost. */
export const compressionThresholdBytes = 1024;

/**
 * On-the-fly compression (brotli or gzip, as the client accepts) of what the API answers: JSON, and
 * CSV downloads (streamed through the compressor). Left alone: responses already encoded (the web
 * app's precompressed files, see web-app.ts), partial content (Content-Range counts unencoded
 * bytes), types that do not compress (images, audio, video) and socket.io, which is not a Fastify
 * route. Brotli runs at quality 4 (the plugin's default): 11 costs far more CPU for little gain.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ["br", "gzip"],
    threshold: compressionThresholdBytes,
    // Request bodies are not ours to decompress: uploads and webhooks arrive as sent.
    globalDecompression: false,
  });
}
