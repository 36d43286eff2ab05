import { constants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Responses smaller than this go as they are: compressing them saves less than the headers cost. */
export const compressionThresholdBytes = 1024;

/**
 * On-the-fly compression (brotli or gzip, as the client accepts) of what the API answers: JSON, and
 * CSV downloads (streamed through the compressor). Left alone: responses already encoded (the web
 * app's precompressed files, see web-app.ts), partial content (Content-Range counts unencoded
 * bytes), types that do not compress (images, audio, video) and socket.io, which is not a Fastify
 * route. Both run at their fastest level (brotli quality 1, gzip level 1): an attendant's page of
 * 40 tickets (42 kB of JSON) compresses to 5.2 kB instead of 4.7 at the defaults (brotli 4, gzip 6)
 * for a quarter of the CPU (0.09 ms against 0.31 for brotli, 0.11 against 0.40 for gzip), and the
 * lists are the requests made most (issue 35).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ["br", "gzip"],
    threshold: compressionThresholdBytes,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: 1 },
    // Request bodies are not ours to decompress: uploads and webhooks arrive as sent.
    globalDecompression: false,
  });
}
