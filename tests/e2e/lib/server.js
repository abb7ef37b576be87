// The game server for the browser tests: `$SK_PROG serve` on a free
// loopback port with its own database, started, killed (kill -9) and
// started again on the same port and database.  Every pid is also
// written to $SK_E2E_PIDS (a directory, when set) so that
// tests/test_e2e.sh can stop a server a crashed test run left behind.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { STALL_MS } from './stall.js';

// A loopback port nobody listens on now (bound and released).
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// The environment the tests run in: the program, the source tree (its
// web/ is served), where screenshots and logs go.
export function environment() {
  const prog = process.env.SK_PROG;
  const root = process.env.SK_ROOT;
  if (!prog || !root)
    throw new Error('SK_PROG (the schafkopf program) and SK_ROOT (the source tree) must be set; tests/test_e2e.sh sets them');
  const out = process.env.SK_E2E_OUT || path.join(root, 'build', 'e2e');
  fs.mkdirSync(out, { recursive: true });
  return { prog, root, web: process.env.SK_E2E_WEB || path.join(root, 'web'), out };
}

function writePid(pid) {
  const dir = process.env.SK_E2E_PIDS;
  if (dir)
    fs.writeFileSync(path.join(dir, `${pid}.pid`), `${pid}\n`);
}

function forgetPid(pid) {
  const dir = process.env.SK_E2E_PIDS;
  if (dir)
    fs.rmSync(path.join(dir, `${pid}.pid`), { force: true });
}

// One server process: its port, database, log; start() waits for the
// "open http" line it prints once it listens (the stall bound: it says
// nothing before).  A player who is gone keeps his turn for the stall
// bound (--away): a page that reloads or reconnects after a restart gets
// back to its hand however long a loaded machine takes, before the
// room's bot plays for it (no test here waits for that bot).
export class Server {
  constructor({ prog, web, db, port, log, away = STALL_MS / 1000, workers = 2 }) {
    Object.assign(this, { prog, web, db, port, log, away, workers });
    this.proc = null;
    this.url = `http://127.0.0.1:${port}/`;
  }

  static async create(env, name, opts = {}) {
    const dir = fs.mkdtempSync(path.join(process.env.SK_E2E_TMP || fs.realpathSync('/tmp'), `sk-e2e-${name}-`));
    const port = await freePort();
    const srv = new Server({ prog: env.prog, web: env.web, db: path.join(dir, 'server.db'), port,
                             log: path.join(env.out, `server-${name}.log`), ...opts });
    srv.dir = dir;
    return srv;
  }

  // Stops the server and removes its database.
  async dispose() {
    try {
      await this.stop();
    } finally {
      if (this.dir)
        fs.rmSync(this.dir, { recursive: true, force: true });
    }
  }

  async start() {
    if (this.proc)
      throw new Error('server already running');
    const args = ['serve', '--port', String(this.port), '--db', this.db, '--web', this.web,
                  '--away', String(this.away), '--workers', String(this.workers), '--quiet'];
    const logFd = fs.openSync(this.log, 'a');
    const proc = spawn(this.prog, args, { stdio: ['ignore', 'pipe', logFd] });
    fs.closeSync(logFd);
    this.proc = proc;
    writePid(proc.pid);
    proc.on('exit', () => forgetPid(proc.pid));
    let seen = '';
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error(`server did not start within ${STALL_MS / 1000} s (log: ${this.log})`)), STALL_MS);
      const fail = (err) => { clearTimeout(timer); proc.kill('SIGKILL'); reject(err); };
      proc.stdout.on('data', (d) => {
        seen += d;
        if (seen.includes('open http')) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.on('exit', (code, sig) => fail(new Error(`server exited (${code ?? sig}) before it listened: ${seen.trim()} (log: ${this.log})`)));
    });
    proc.removeAllListeners('exit');
    proc.on('exit', () => forgetPid(proc.pid));
    proc.stdout.resume();
  }

  // Waits for the process to end (one step: at most the stall bound),
  // returns [code, signal].
  #exited(ms = STALL_MS) {
    const proc = this.proc;
    if (proc.exitCode !== null || proc.signalCode !== null)
      return Promise.resolve([proc.exitCode, proc.signalCode]);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server ${proc.pid} did not exit within ${ms} ms`)), ms);
      proc.once('exit', (code, sig) => { clearTimeout(timer); resolve([code, sig]); });
    });
  }

  // kill -9: no chance to close connections or the database cleanly.
  async kill9() {
    this.proc.kill('SIGKILL');
    const [, sig] = await this.#exited();
    this.proc = null;
    if (sig !== 'SIGKILL')
      throw new Error(`server ended by ${sig}, not SIGKILL`);
  }

  // A clean stop (SIGTERM); the exit status must be 0.
  async stop() {
    if (!this.proc)
      return;
    this.proc.kill('SIGTERM');
    let status;
    try {
      status = await this.#exited();
    } catch (err) {
      this.proc.kill('SIGKILL');
      throw err;
    } finally {
      this.proc = null;
    }
    if (status[0] !== 0)
      throw new Error(`server stopped with status ${status[0] ?? status[1]} (log: ${this.log})`);
  }
}
