import type { ChannelInboundBody } from "@atendo/contracts";

/**
 * Customers writing to one API connection, straight to the server (docs/api-channel.md): each
 * message gets its own external id under `prefix`. Answers the ticket the message went to.
 */
export function apiChannelCustomers(server: () => string, connection: () => { id: number; apiToken: string }, prefix: string) {
  let sequence = 0;
  return async function customerWrites(number: string, fields: Pick<ChannelInboundBody, "body" | "media">): Promise<number> {
    const { id, apiToken } = connection();
    const response = await fetch(`${server()}/api/channels/${id}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiToken}`, "content-type": "application/json" },
      body: JSON.stringify({ externalId: `${prefix}-${++sequence}`, from: { number, name: `Customer ${number.slice(-4)}` }, ...fields }),
    });
    const answer = (await response.json()) as { ticketId: number };
    if (!response.ok) throw new Error(`inbound: ${response.status} ${JSON.stringify(answer)}`);
    return answer.ticketId;
  };
}
