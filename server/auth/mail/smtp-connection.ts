import net from 'node:net';
import tls from 'node:tls';

export interface SmtpReply {
  code: number;
  lines: string[];
}

const TIMEOUT_MS = 30_000;

/**
 * One SMTP conversation over a socket: writes command lines and reads (multi-line) replies.
 * Kept apart from the protocol steps so STARTTLS can swap the socket underneath.
 */
export class SmtpConnection {
  private buffer = '';
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  private constructor(private socket: net.Socket) {
    this.attach(socket);
  }

  static open(host: string, port: number, implicitTls: boolean): Promise<SmtpConnection> {
    return new Promise((resolve, reject) => {
      const socket = implicitTls
        ? tls.connect({ host, port, servername: host }, () => resolve(new SmtpConnection(socket)))
        : net.connect({ host, port }, () => resolve(new SmtpConnection(socket)));
      socket.once('error', reject);
    });
  }

  get encrypted(): boolean {
    return this.socket instanceof tls.TLSSocket && this.socket.encrypted;
  }

  private attach(socket: net.Socket): void {
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error('SMTP server timed out')));
    socket.on('data', (d: Buffer) => {
      this.buffer += d.toString('utf8');
      this.wake?.();
    });
    socket.on('error', (err) => this.fail(err));
    socket.on('close', () => this.fail(new Error('SMTP connection closed')));
  }

  private fail(err: Error): void {
    this.failure ??= err;
    this.wake?.();
  }

  /** Upgrades the plain socket in place after the server said 220 to STARTTLS. */
  async startTls(host: string): Promise<void> {
    const plain = this.socket;
    plain.removeAllListeners('data');
    plain.removeAllListeners('close');
    plain.removeAllListeners('error');
    plain.setTimeout(0);
    this.socket = await new Promise<tls.TLSSocket>((resolve, reject) => {
      const secure = tls.connect({ socket: plain, servername: host }, () => resolve(secure));
      secure.once('error', reject);
    });
    this.buffer = '';
    this.attach(this.socket);
  }

  async reply(): Promise<SmtpReply> {
    for (;;) {
      const parsed = this.takeReply();
      if (parsed) return parsed;
      if (this.failure) throw this.failure;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }

  /** A reply is complete once a line has a space (or nothing) after its 3-digit code. */
  private takeReply(): SmtpReply | null {
    const lines: string[] = [];
    let offset = 0;
    for (;;) {
      const end = this.buffer.indexOf('\r\n', offset);
      if (end < 0) return null;
      const line = this.buffer.slice(offset, end);
      offset = end + 2;
      lines.push(line.slice(4));
      if (!/^\d{3}-/.test(line)) {
        this.buffer = this.buffer.slice(offset);
        return { code: Number(line.slice(0, 3)), lines };
      }
    }
  }

  async command(line: string, expect: number[], shown = line.split(' ')[0]): Promise<SmtpReply> {
    this.socket.write(`${line}\r\n`);
    const r = await this.reply();
    if (!expect.includes(r.code)) throw new Error(`SMTP ${shown} refused: ${r.code} ${r.lines.join(' ')}`);
    return r;
  }

  close(): void {
    this.socket.end();
    this.socket.destroy();
  }
}
