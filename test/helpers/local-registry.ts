/**
 * A package registry on 127.0.0.1 holding exactly the packages of this repository's package-lock.json,
 * each packed on request from its folder in node_modules. `npm install` of a packed core-search then
 * resolves every dependency the way it would from the public registry, with no internet and no
 * reliance on what the machine's npm cache happens to hold.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

interface LockEntry {
  name?: string;
  version?: string;
  link?: boolean;
  [field: string]: unknown;
}

/** The lock entry's fields that are the package's own manifest fields (what a registry serves). */
const MANIFEST_FIELDS = [
  "dependencies",
  "optionalDependencies",
  "peerDependencies",
  "peerDependenciesMeta",
  "bin",
  "engines",
  "os",
  "cpu",
  "libc",
  "license",
];

export interface LocalRegistry {
  url: string;
  /** Names of the packages whose tarballs were fetched. */
  fetched: string[];
  close(): Promise<void>;
}

export async function startLocalRegistry(root: string): Promise<LocalRegistry> {
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  // name → version → the folder it is installed in (a name may be installed at several versions).
  const folders = new Map<string, Map<string, string>>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path === "" || entry.link || !entry.version) continue;
    const name = entry.name ?? path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
    const versions = folders.get(name) ?? new Map<string, string>();
    versions.set(entry.version, path);
    folders.set(name, versions);
  }
  const fetched: string[] = [];
  let base = "";

  const packument = (name: string, versions: Map<string, string>) => {
    const manifests: Record<string, unknown> = {};
    for (const [version, path] of versions) {
      const entry = lock.packages[path] ?? {};
      const fields = MANIFEST_FIELDS.filter((field) => field in entry).map((field) => [field, entry[field]]);
      manifests[version] = {
        name,
        version,
        ...Object.fromEntries(fields),
        dist: { tarball: `${base}/-/tarball/${encodeURIComponent(name)}/${version}.tgz` },
      };
    }
    const latest = [...versions.keys()].sort(bySemver).at(-1);
    return { name, "dist-tags": { latest }, versions: manifests };
  };

  const sendTarball = (response: ServerResponse, folder: string) => {
    // Uncompressed: npm detects that, and gzip would cost more than it saves on loopback. npm strips
    // the first path component of every entry, whatever it is called.
    const tar = spawn("tar", ["-cf", "-", "-C", folder, "--exclude=./node_modules", "."], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    response.writeHead(200, { "content-type": "application/octet-stream" });
    tar.stdout.pipe(response);
    tar.on("close", (code) => {
      if (code !== 0) response.destroy(new Error(`tar exited with ${code} for ${folder}`));
    });
  };

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://registry").pathname;
    const tarball = /^\/-\/tarball\/([^/]+)\/([^/]+)\.tgz$/.exec(path);
    const name = decodeURIComponent(tarball?.[1] ?? path.slice(1));
    const versions = folders.get(name);
    if (request.method !== "GET" || !versions) {
      response.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
      return;
    }
    if (!tarball) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(packument(name, versions)));
      return;
    }
    const folder = join(root, versions.get(tarball[2] ?? "") ?? "\0");
    if (!existsSync(join(folder, "package.json"))) {
      // An optional package for another platform, never installed here.
      response.writeHead(404, { "content-type": "application/json" }).end('{"error":"not installed"}');
      return;
    }
    fetched.push(name);
    sendTarball(response, folder);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/`,
    fetched,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Orders release versions (`1.10.0` after `1.9.2`); the lock holds no pre-releases. */
function bySemver(a: string, b: string): number {
  const parts = (version: string) => version.split(/[.+-]/).slice(0, 3).map(Number);
  const [x, y] = [parts(a), parts(b)];
  const differing = [0, 1, 2].find((i) => x[i] !== y[i]);
  return differing === undefined ? 0 : (x[differing] ?? 0) - (y[differing] ?? 0);
}
