/** How far a request body has gone: bytes sent of the body's total. */
export interface UploadProgress {
  sent: number;
  total: number;
}

/** What an upload's caller may pass along: a way to cancel it and a listener for its progress. */
export interface UploadTransfer {
  signal?: AbortSignal;
  onProgress?(progress: UploadProgress): void;
}

const nullBodyStatuses = new Set([101, 204, 205, 304]);

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
    const at = line.indexOf(":");
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/**
 * `fetch` for a request whose upload progress matters (attachments): fetch cannot report bytes
 * sent, XMLHttpRequest can. Answers a Response as fetch would, so the http client's token refresh
 * and error handling stay the same; an abort rejects with an AbortError, a network failure with a
 * TypeError, as fetch does.
 */
export function fetchWithUploadProgress(url: string, init: RequestInit & { body?: XMLHttpRequestBodyInit | null }, onProgress: (progress: UploadProgress) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const signal = init.signal;
    if (signal?.aborted) {
      reject(new DOMException("The upload was cancelled.", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? "GET", url);
    xhr.responseType = "blob";
    xhr.withCredentials = init.credentials === "include";
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    const abort = () => xhr.abort();
    signal?.addEventListener("abort", abort, { once: true });
    const done = () => signal?.removeEventListener("abort", abort);
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress({ sent: event.loaded, total: event.total });
    });
    xhr.addEventListener("load", () => {
      done();
      const body = nullBodyStatuses.has(xhr.status) ? null : (xhr.response as Blob);
      resolve(new Response(body, { status: xhr.status, statusText: xhr.statusText, headers: headersOf(xhr) }));
    });
    xhr.addEventListener("error", () => {
      done();
      reject(new TypeError("Network request failed"));
    });
    xhr.addEventListener("abort", () => {
      done();
      reject(new DOMException("The upload was cancelled.", "AbortError"));
    });
    xhr.send(init.body ?? null);
  });
}
