import zlib, { constants, type BrotliOptions } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Responses smaller than this go as they are: compressing them saves less than the headers cost. */
export const compressionThresholdBytes = 1024;

/**
 * Answers up to this size are compressed in one call (0.1 ms for a page of 40 tickets at these
 * levels, about 1 ms at this size): larger ones, CSV downloads, stream through the compressor.
 */
export const syncCompressionMaxBytes = 128 * 1024;

/** brotliCompressSync told the input's size (BROTLI_PARAM_SIZE_HINT): the same bytes decoded, half the CPU for a list page. */
function brotliCompressSized(buffer: Buffer, options: BrotliOptions): Buffer {
  return zlib.brotliCompressSync(buffer, { ...options, params: { ...options.params, [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length } });
}

/**
 * On-the-fly compression (brotli or gzip, as the client accepts) of what the API answers: JSON, and
 * CSV downloads (streamed through the compressor). Left alone: responses already encoded (the web
 * app's precompressed files, see web-app.ts), partial content (Content-Range counts unencoded
 * bytes), types that do not compress (images, audio, video) and socket.io, which is not a Fastify
 * route. Both run at their fastest level (brotli quality 1, gzip level 1): an attendant's page of
 * 40 tickets (42 kB of JSON) compresses to 5.2 kB instead of 4.7 at the defaults (brotli 4, gzip 6)
 * for a quarter of the CPU (0.09 ms against 0.31 for brotli, 0.11 against 0.40 for gzip), and the
 * lists are the requests made most (issue 35).
 *
 * A whole answer up to `syncCompressionMaxBytes` (every list page) is compressed at once, in the
 * request's own turn, rather than piped through a compressing stream, which cost more than the
 * compression itself: the plugin's default ceiling for that, on 2 cores, is 8 kB. Brotli is told
 * the answer's size, so it sets up a window for it instead of its 4 MB default (half the time).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ["br", "gzip"],
    threshold: compressionThresholdBytes,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: 1 },
    syncThreshold: syncCompressionMaxBytes,
    zlib: { ...zlib, brotliCompressSync: brotliCompressSized },
    // Request bodies are not ours to decompress: uploads and webhooks arrive as sent.
    globalDecompression: false,
  });
}
