import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";

/** The `initialize` request a raw client (one writing JSON-RPC lines itself) opens a session with. */
export function initializeRequest(id: number) {
  return {
    jsonrpc: "2.0",
    id,
    method: "initialize",
    params: {
      protocolVersion: LATEST_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: "raw", version: "0" },
    },
  };
}
