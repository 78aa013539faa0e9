/**
 * Something on 127.0.0.1 where Redis should be that is not Redis: a TCP server (random port) that
 * accepts connections and then never answers, answers every read with the same bytes, or floods.
 */
import net from "node:net";

export type FakeRedisBehaviour =
  /** Accepts and never sends a byte. */
  | { silent: true }
  /** Sends `reply` for every chunk it receives. */
  | { reply: string | Buffer }
  /** Announces a value of a terabyte, then sends filler until the client hangs up. */
  | { flood: true };

export interface FakeRedis {
  url: string;
  /** Connections accepted so far. */
  connections(): number;
  /** Connections open now. */
  open(): number;
  /** Bytes written to clients so far. */
  bytesSent(): number;
  close(): Promise<void>;
}

const FILLER = Buffer.alloc(64 * 1024, "x");

export async function startFakeRedis(behaviour: FakeRedisBehaviour): Promise<FakeRedis> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  let sent = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    if ("reply" in behaviour) {
      socket.on("data", () => {
        sent += Buffer.byteLength(behaviour.reply);
        socket.write(behaviour.reply);
      });
    } else if ("flood" in behaviour) {
      socket.once("data", () => {
        socket.write("$999999999999\r\n");
        const pump = () => {
          while (!socket.destroyed && socket.write(FILLER)) sent += FILLER.length;
          if (!socket.destroyed) sent += FILLER.length;
        };
        socket.on("drain", pump);
        pump();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    connections: () => accepted,
    open: () => sockets.size,
    bytesSent: () => sent,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
