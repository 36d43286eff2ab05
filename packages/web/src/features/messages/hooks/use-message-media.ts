import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { fetchMedia } from "../api/messages.api";

/**
 * A message's media as an object URL. The blob is cached by address (a virtualised list mounts
 * the same bubble again on scrolling back); each mounted bubble makes its own object URL and
 * revokes it when it goes.
 */
export function useMediaUrl(mediaUrl: string | null) {
  const query = useQuery({
    queryKey: ["media", mediaUrl],
    queryFn: ({ signal }) => fetchMedia(mediaUrl ?? "", signal),
    enabled: mediaUrl !== null,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    meta: { silent: true },
  });
  const objectUrl = useObjectUrl(query.data ?? null);
  return { url: objectUrl, isError: query.isError, isLoading: query.isLoading };
}

/** An object URL for `blob` while the component is mounted. */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}
