/**
 * The `mcpServers` entry a client (Claude Desktop, Cursor, …) starts the server with: the command
 * that `npm install -g .` in a clone installs, never a registry package fetched by name. `mcp --help`
 * prints it, and README.md's MCP section shows the same text (a test holds the two together).
 */
export const MCP_CLIENT_CONFIG = `{
  "mcpServers": {
    "core-search": {
      "command": "core-search",
      "args": ["mcp"],
      "env": { "SEARXNG_URL": "http://127.0.0.1:8888", "EXA_API_KEY": "your-exa-key" }
    }
  }
}`;
