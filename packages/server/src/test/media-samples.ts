/** A real 1×1 PNG. */
export const pngBytes = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A PNG padded past `bytes` (the padding follows the image's end chunk). */
export function pngOfSize(bytes: number): Buffer {
  return Buffer.concat([pngBytes, Buffer.alloc(Math.max(0, bytes - pngBytes.length))]);
}

/** The start of a Windows executable ("MZ" … "PE\0\0"), enough for content sniffing. */
export function exeBytes(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write("MZ", 0, "latin1");
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write("PE\0\0", 0x80, "latin1");
  return bytes;
}

/** Builds a multipart/form-data body by hand (inject has no FormData support for files). */
export function multipart(parts: Array<{ name: string; value: string } | { name: string; file: Buffer; fileName: string; type: string }>) {
  const boundary = `atendo${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ("file" in part) {
      chunks.push(Buffer.from(`content-disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\ncontent-type: ${part.type}\r\n\r\n`));
      chunks.push(part.file, Buffer.from("\r\n"));
    } else {
      chunks.push(Buffer.from(`content-disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
