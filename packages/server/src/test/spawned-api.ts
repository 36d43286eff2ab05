/** A spawned Atendo (spawn-server.ts) set up over HTTP as an integrator would: the admin's token, an API connection. */

export async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function login(baseUrl: string, admin: { email: string; password: string }): Promise<string> {
  const { token } = await json<{ token: string }>(
    await fetch(`${baseUrl}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(admin) }),
  );
  return token;
}

/** An API connection routed to a new queue (docs/api-channel.md). */
export async function apiConnection(baseUrl: string, token: string, name: string): Promise<{ id: number; apiToken: string }> {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const queue = await json<{ id: number }>(await fetch(`${baseUrl}/api/queue`, { method: "POST", headers, body: JSON.stringify({ name: `${name} inbox`, color: "#4CAF50" }) }));
  return json(
    await fetch(`${baseUrl}/api/whatsapp`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name, kind: "api", destinationType: "queue", destinationItem: queue.id }),
    }),
  );
}
