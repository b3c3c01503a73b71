import fs from 'node:fs';
import net from 'node:net';

/**
 * The lowest port the system hands out on its own (Linux's ip_local_port_range; 32768 there by
 * default, and where that file is missing).
 */
function ephemeralFloor(): number {
  try {
    const low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 12_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

const ceiling = ephemeralFloor();

function listenable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A port free on 127.0.0.1 for a server another process (or a later call) will open. Chosen at
 * random below the system's ephemeral range: a port from `listen(0)` is in that range, where every
 * outgoing connection (each test's database and Redis clients) also takes its local port, and one
 * of them could take it before the server binds it (the likely cause of a cluster test's server
 * failing to start in CI).
 */
export async function freePort(): Promise<number> {
  const low = Math.max(10_000, ceiling - 12_000);
  for (;;) {
    const port = low + Math.floor(Math.random() * (ceiling - low));
    if (await listenable(port)) {
      return port;
    }
  }
}
