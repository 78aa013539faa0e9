import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

/**
 * `client` (by default a plain one) connected in memory to `server`. The tools are listed first, so
 * the client checks every structuredContent against its tool's outputSchema.
 */
export async function connectInMemory(
  server: McpServer,
  client: Client = new Client({ name: "agent", version: "0.0.0" }),
): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  await client.listTools();
  return client;
}
